// Reloading a running `assay serve` under load: SIGHUP and a change of the file swap the rules
// without a single failed request; a bad file is refused and the rules in force stay.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { runCli } from "../support/cli.ts";
import { reloadConfig } from "../../src/reload.ts";
import { type Credentials, makeTempDir, signedFetch, startTestServer } from "../support/harness.ts";
import { until } from "../support/wait.ts";

const ROOT = join(import.meta.dir, "..", "..");
const dir = makeTempDir();
const file = join(dir, "assay.yaml");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function config(rule: string, when = "txn.amount > 100.0"): string {
  return `server: { port: 0, access_log: false }
storage: { path: ./assay.db }
security: { master_key_file: ./master.key }
plans: { load: { per_second: 1000000, per_minute: 10000000 } }
connectors:
  - { id: inline, type: inline }
rules:
  - { id: ${rule}, when: '${when}', severity: low }
`;
}

/** `assay serve` on a config file, its JSON log lines collected as they come. */
function serveWithLogs(configFile: string) {
  const proc = Bun.spawn([process.execPath, "run", join(ROOT, "src/main.ts"), "serve", "--config", configFile], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const logs: Record<string, unknown>[] = [];
  void (async () => {
    let buffer = "";
    for await (const chunk of proc.stdout.pipeThrough(new TextDecoderStream())) {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        try {
          logs.push(JSON.parse(line));
        } catch {}
      }
    }
  })();
  return { proc, logs };
}

describe("config reload", () => {
  test("SIGHUP and a file change swap the rules under load with no failed request; a bad file keeps them", async () => {
    writeFileSync(file, config("r_one"));
    expect((await runCli(["init", "--config", file])).code).toBe(0);
    const account = JSON.parse((await runCli(["accounts", "create", "--name", "load", "--plan", "load", "--json", "--config", file])).stdout);
    const key = JSON.parse((await runCli(["keys", "create", "--account", account.id, "--json", "--config", file])).stdout);
    const creds: Credentials = { accountId: account.id, keyId: key.id, key: key.key, secret: key.secret };

    const { proc, logs } = serveWithLogs(file);
    try {
      await until("listening", () => logs.some((l) => l.msg === "listening"), 15_000);
      const url = String(logs.find((l) => l.msg === "listening")!.url);

      // Steady load from 6 clients; every response is recorded.
      const statuses = new Map<number, number>();
      const seen = new Set<string>();
      let last = "";
      let running = true;
      let n = 0;
      const client = async () => {
        while (running) {
          const data = { transaction_id: `T-${n++}`, amount: 500, currency: "USD", lines: [] };
          const res = await signedFetch(url, "POST", "/v1/analyze", { connector: "inline", module: "compliance", data }, { creds });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) {
            const body = (await res.json()) as AnalysisResult;
            for (const a of body.anomalies) seen.add(a.code);
            last = body.anomalies.map((a) => a.code).join(",");
          } else await res.text();
        }
      };
      const clients = Array.from({ length: 6 }, client);
      await until("rule one", () => seen.has("rule:r_one"), 15_000);

      // 1. SIGHUP after a new rule is written.
      writeFileSync(file, config("r_two"));
      proc.kill("SIGHUP");
      await until("rule two", () => last === "rule:r_two", 15_000);
      expect(logs.some((l) => l.msg === "config reloaded" && l.reason === "SIGHUP")).toBe(true);

      // 2. A bad rule: refused, logged, the rules in force stay.
      writeFileSync(file, config("r_bad", "txn.amount > "));
      proc.kill("SIGHUP");
      await until("the refusal", () => logs.some((l) => l.msg === "config reload refused; the running configuration stays in force"), 15_000);
      const refusal = logs.find((l) => l.msg === "config reload refused; the running configuration stays in force")!;
      expect(refusal.problems).toEqual(["rules[0].when: Unexpected token: EOF (column 14)"]);
      const before = n;
      await until("more requests", () => n > before + 50, 15_000);
      expect(last).toBe("rule:r_two");

      // 3. An edit of the file alone (no signal) is picked up by the watch.
      writeFileSync(file, config("r_three"));
      await until("rule three", () => last === "rule:r_three", 15_000);

      running = false;
      await Promise.all(clients);
      expect([...statuses.keys()]).toEqual([200]);
      expect(statuses.get(200)!).toBeGreaterThan(100);
      expect(seen.has("rule:r_bad")).toBe(false);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
    }
  }, 60_000);
});

describe("config watch", () => {
  // The watch starts a moment after listening (off the cold start's path, reload.ts): an edit
  // made in that moment must still be picked up.
  test("an edit saved right after start-up, before the watch began, is reloaded", async () => {
    const early = join(dir, "early.yaml");
    writeFileSync(early, config("r_early_one"));
    expect((await runCli(["init", "--config", early])).code).toBe(0);
    const { proc, logs } = serveWithLogs(early);
    try {
      await until("listening", () => logs.some((l) => l.msg === "listening"), 15_000);
      writeFileSync(early, config("r_early_two"));
      await until("the reload", () => logs.some((l) => l.msg === "config reloaded" && l.reason === "file changed"), 15_000);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
    }
  }, 30_000);
});

describe("config watch by the file's identity", () => {
  // The file is polled, not its folder watched (reload.ts): these are the ways a config is
  // replaced rather than edited in place. The database sits beside it, as in these tests.
  test("an editor's save by renaming a new file over it, and a swapped symlink (a ConfigMap), are reloaded", async () => {
    const own = makeTempDir();
    const linked = join(own, "assay.yaml");
    mkdirSync(join(own, "v1"));
    mkdirSync(join(own, "v2"));
    writeFileSync(join(own, "v1", "assay.yaml"), config("r_link_one").replace("./assay.db", "../assay.db").replace("./master.key", "../master.key"));
    writeFileSync(join(own, "v2", "assay.yaml"), config("r_link_two").replace("./assay.db", "../assay.db").replace("./master.key", "../master.key"));
    symlinkSync(join(own, "v1", "assay.yaml"), linked);
    expect((await runCli(["init", "--config", linked])).code).toBe(0);
    const { proc, logs } = serveWithLogs(linked);
    const reloads = () => logs.filter((l) => l.msg === "config reloaded" && l.reason === "file changed").length;
    try {
      await until("listening", () => logs.some((l) => l.msg === "listening"), 15_000);
      // The symlink swapped atomically, as Kubernetes does with a ConfigMap's files.
      symlinkSync(join(own, "v2", "assay.yaml"), join(own, "next.yaml"));
      renameSync(join(own, "next.yaml"), linked);
      await until("the reload after the symlink swap", () => reloads() === 1, 15_000);
      // An editor's save: a new file written beside the target, renamed over it.
      const target = join(own, "v2", "assay.yaml");
      writeFileSync(`${target}.swp`, config("r_link_three").replace("./assay.db", "../assay.db").replace("./master.key", "../master.key"));
      renameSync(`${target}.swp`, target);
      await until("the reload after the rename", () => reloads() === 2, 15_000);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
    }
  }, 30_000);
});

describe("reloadConfig", () => {
  test("swaps modules, rules and the alert threshold; names sections that need a restart", async () => {
    const srv = await startTestServer("connectors:\n  - { id: inline, type: inline }\n");
    try {
      const before = srv.rt.analysis.modelVersion;
      const text = await Bun.file(srv.configFile).text();
      writeFileSync(srv.configFile, `${text}\nalerts: { auto_threshold: 20 }\nrules:\n  - { id: any, when: 'true', severity: low }\n`.replace("port: 0", "port: 1"));
      const result = reloadConfig(srv.rt, "test", {});
      expect(result).toMatchObject({ ok: true, restart_needed: ["server"] });
      expect(srv.rt.analysis.modelVersion).not.toBe(before);
      expect(srv.rt.alerts.autoThreshold).toBe(20);
      const res = await srv.call("POST", "/v1/analyze", { connector: "inline", module: "compliance", data: { transaction_id: "A", amount: 1, lines: [] } });
      const body = (await res.json()) as AnalysisResult;
      expect(body.anomalies.map((a) => a.code)).toEqual(["rule:any"]);
      expect(body.risk_score).toBe(25);
      expect(body.alert_id).toMatch(/^alrt_/);
    } finally {
      await srv.stop();
    }
  });
});
