// The quality runners' signed client: one request to the server they started, retried after a
// 429 as a client should (waiting Retry-After) — on a busy machine a burst of lookups meets the
// plan's limit, and an estimate read from a 429 would count as 0.
import { createHmac } from "node:crypto";

export type SignedCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;

export function signedCaller(port: number, key: { key: string; secret: string }): SignedCall {
  return async (method, path, body) => {
    const text = body === undefined ? "" : JSON.stringify(body);
    const sig = createHmac("sha256", key.secret).update(text).digest("hex");
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { authorization: `Bearer ${key.key}`, "x-service-signature": sig, "content-type": "application/json" }, body: body === undefined ? undefined : text });
      const json = (await res.json()) as any;
      if (res.status !== 429 || attempt >= 20) return { status: res.status, json };
      await Bun.sleep(1000 * Math.min(10, Number(res.headers.get("retry-after") ?? 1) || 1));
    }
  };
}

/**
 * The billing runners' server: `assay init` on `configFile`, an account and a key minted with
 * the CLI, `assay serve` started from `repo`'s src/main.ts, and its signed client once it answers.
 */
export async function startServedBilling(o: { repo: string; dir: string; configFile: string; port: number; accountName: string }) {
  const bun = process.execPath;
  const cli = (...args: string[]) => {
    const r = Bun.spawnSync([bun, "run", `${o.repo}/src/main.ts`, ...args, "--config", o.configFile, "--json"], { cwd: o.dir });
    if (r.exitCode !== 0) throw new Error(`${args.join(" ")}: ${r.stdout} ${r.stderr}`);
    return JSON.parse(r.stdout.toString());
  };
  cli("init");
  const account = cli("accounts", "create", "--name", o.accountName, "--plan", "enterprise");
  const key = cli("keys", "create", "--account", account.id);
  const server = Bun.spawn([bun, "run", `${o.repo}/src/main.ts`, "serve", "--config", o.configFile], { cwd: o.dir, stdout: "ignore", stderr: "inherit" });
  const call = signedCaller(o.port, key);
  for (let i = 0; ; i++) {
    try {
      if ((await call("GET", "/v1/health")).status < 500) break;
    } catch {}
    if (i > 100) {
      server.kill();
      throw new Error("server did not start");
    }
    await Bun.sleep(200);
  }
  return { call, server };
}

/** Scans `connector` with `modules` (revenue_leakage and duplicate_detection unless given): the documents at high (score ≥ 60; `minScore` 30 for medium and above), their top score and codes. */
export async function flaggedAtHigh(call: SignedCall, connector: string, modules: readonly string[] = ["revenue_leakage", "duplicate_detection"], minScore = 60): Promise<Map<string, { score: number; codes: Set<string> }>> {
  const flagged = new Map<string, { score: number; codes: Set<string> }>();
  for (const module of modules) {
    const r = await call("POST", "/v1/analyze", { connector, module, options: { limit: 1_000_000, max_anomalies: 10_000 } });
    if (r.status !== 200) throw new Error(`scan ${module}: ${r.status} ${JSON.stringify(r.json)}`);
    for (const f of r.json.flagged_transactions ?? []) {
      if (f.risk_score < minScore) continue;
      const e = flagged.get(f.transaction_id) ?? { score: 0, codes: new Set<string>() };
      e.score = Math.max(e.score, f.risk_score);
      flagged.set(f.transaction_id, e);
    }
    for (const a of r.json.anomalies ?? []) flagged.get(a.transaction_id)?.codes.add(a.code);
  }
  return flagged;
}
