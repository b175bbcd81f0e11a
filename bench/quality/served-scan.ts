// The ledger runners' path through the product, as a user takes it: `assay init` on the config
// file the runner wrote, an account and a key minted with the CLI, `assay serve` started, one
// signed `POST /v1/analyze` scan of a connector, and the server's CPU time around the scan (on a
// shared machine the wall time says more about the neighbours than about the scan).
import { createHmac } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";

/** The server, storage and master key lines of a runner's assay.yaml: its own database and key in `dir`, on `port`. */
export function servedServerYaml(dir: string, port: number): string {
  return `server: { host: 127.0.0.1, port: ${port}, access_log: false }
storage: { path: ${dir}/assay.db, synchronous: NORMAL }
security: { master_key_file: ${dir}/master.key }
`;
}

export interface ServedScan<R> {
  result: R;
  /** Wall time of the scan request, ms. */
  wall: number;
  /** The server's CPU time during the scan, s (NaN off Linux). */
  cpu: number;
  /** With `status`: the connector's status after the scan (its mapping report: rejected rows, warnings). */
  status?: unknown;
}

/** The CPU time of a process so far (user + system, Linux /proc; NaN elsewhere), s. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Scans `connector` with `module` through a server started from `root`'s src/main.ts on
 * `dir`/assay.yaml (written by the caller, listening on `port`). Keeps `dir` and the result
 * (`dir`/result.json) when `keep`, else removes the folder.
 */
/** Two scans' results as one: their flagged transactions and anomalies, one after the other. */
function joined<R>(a: R, b: R): R {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const out: Record<string, unknown> = { ...x };
  for (const k of ["flagged_transactions", "anomalies"]) if (Array.isArray(x[k]) || Array.isArray(y[k])) out[k] = [...((x[k] as unknown[]) ?? []), ...((y[k] as unknown[]) ?? [])];
  return out as R;
}

/** `modules`: scanned one after the other on the one server, their results joined (joined()); else `module` alone. */
export async function scanThroughServer<R>(o: { root: string; dir: string; port: number; connector: string; module?: string; modules?: readonly string[]; keep: boolean; status?: boolean }): Promise<ServedScan<R>> {
  const cli = async (cmd: string[]): Promise<string> => {
    const p = Bun.spawn([process.execPath, "run", "src/main.ts", ...cmd, "--config", `${o.dir}/assay.yaml`], { cwd: o.root, stdout: "pipe", stderr: "pipe" });
    const out = await new Response(p.stdout).text();
    if ((await p.exited) !== 0) throw new Error(`${cmd.join(" ")}: ${out} ${await new Response(p.stderr).text()}`);
    return out;
  };
  await cli(["init"]);
  const account = JSON.parse(await cli(["accounts", "create", "--name", "eval", "--plan", "enterprise", "--json"]));
  const key = JSON.parse(await cli(["keys", "create", "--account", account.id, "--json"]));
  const server = Bun.spawn([process.execPath, "run", "src/main.ts", "serve", "--config", `${o.dir}/assay.yaml`], { cwd: o.root, stdout: "ignore", stderr: "inherit" });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${o.port}/livez`)).ok) break;
      } catch {}
      if (i > 200) throw new Error("server did not start");
      await Bun.sleep(100);
    }
    // One scan per module, on the same server; their flagged transactions and anomalies are
    // joined (the judging takes a transaction's highest level), the rest is the first scan's.
    let result: R | undefined;
    let wall = 0;
    let cpu = 0;
    let status: unknown;
    for (const module of o.modules ?? [o.module ?? "anomaly_detection"]) {
      const body = JSON.stringify({ connector: o.connector, module, options: { limit: 1_000_000, max_anomalies: 10_000 } });
      const signature = createHmac("sha256", key.secret).update(body).digest("hex");
      const cpu0 = cpuSeconds(server.pid);
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${o.port}/v1/analyze`, {
        method: "POST",
        body,
        headers: { authorization: `Bearer ${key.key}`, "x-service-signature": signature, "content-type": "application/json" },
      });
      const one = (await res.json()) as R;
      wall += performance.now() - t0;
      cpu += cpuSeconds(server.pid) - cpu0;
      if (o.status) {
        const empty = createHmac("sha256", key.secret).update("").digest("hex");
        status = await (await fetch(`http://127.0.0.1:${o.port}/v1/connectors/${o.connector}/status`, { headers: { authorization: `Bearer ${key.key}`, "x-service-signature": empty } })).json();
      }
      if (!res.ok) throw Object.assign(new Error(JSON.stringify(one)), { status });
      result = result === undefined ? one : joined(result, one);
    }
    if (o.keep) writeFileSync(`${o.dir}/result.json`, JSON.stringify(result));
    return { result: result!, wall, cpu, status };
  } finally {
    server.kill();
    await server.exited;
    if (!o.keep) rmSync(o.dir, { recursive: true, force: true });
  }
}
