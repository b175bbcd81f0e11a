// `assay demo`: one command from nothing to a running server with sample data and a key.
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { signedFetch, makeTempDir } from "../support/harness.ts";
import { freePort } from "../support/ports.ts";
import { runCli } from "../support/cli.ts";

test("assay demo writes sample data, prints a working key and serves findings", async () => {
  const dir = join(makeTempDir(), "demo");
  const port = await freePort();
  const proc = Bun.spawn([process.execPath, "run", join(import.meta.dir, "../../src/main.ts"), "demo", "--dir", dir, "--port", String(port), "--json"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    const reader = proc.stdout.getReader();
    let text = "";
    while (!text.includes('"msg":"listening"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`demo exited: ${text}`);
      text += new TextDecoder().decode(value);
    }
    (async () => {
      while (!(await reader.read()).done);
    })();
    const printed = JSON.parse(text.split("\n")[0]!) as { url: string; key: string; secret: string; account: string; key_id: string; dashboard_setup_url: string };
    expect(printed.url).toBe(`http://127.0.0.1:${port}`);
    // The dashboard's demo user: a one-time link on the server the demo serves, to a password form.
    expect(printed.dashboard_setup_url.startsWith(`${printed.url}/dashboard/setup?token=`)).toBe(true);
    const setup = await fetch(printed.dashboard_setup_url);
    expect(setup.status).toBe(200);
    expect(await setup.text()).toContain("demo@example.com");
    for (const f of ["assay.yaml", "data/invoice_lines.csv", "data/contracts.csv", "data/price_list.csv", "data/shipments.csv"]) {
      expect(existsSync(join(dir, f))).toBe(true);
    }
    const creds = { key: printed.key, secret: printed.secret, accountId: printed.account, keyId: printed.key_id };
    const connectors = (await (await signedFetch(printed.url, "GET", "/v1/connectors", undefined, { creds })).json()) as { data: { id: string }[] };
    expect(connectors.data.map((c) => c.id)).toContain("billing");
    const scan = await signedFetch(printed.url, "POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage" }, { creds });
    expect(scan.status).toBe(200);
    const result = (await scan.json()) as { anomalies: unknown[]; transactions_analyzed: number; amount_at_risk: { amount: number } };
    expect(result.transactions_analyzed).toBeGreaterThan(100);
    expect(result.anomalies.length).toBeGreaterThan(5);
    expect(result.amount_at_risk.amount).toBeGreaterThan(0);

    // labels.csv (docs/analysis.md, "Back-testing"): every transaction once, 1 where revenue
    // leakage was planted, so `assay simulate --labels` measures the demo's detection.
    const labels = readFileSync(join(dir, "labels.csv"), "utf8").trimEnd().split("\n");
    expect(labels[0]).toBe("transaction_id,label");
    const rows = labels.slice(1).map((l) => l.split(","));
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    expect(rows.length).toBe(result.transactions_analyzed);
    const positives = rows.filter((r) => r[1] === "1").length;
    expect(positives).toBeGreaterThan(0);
    expect(rows.every((r) => r[1] === "1" || r[1] === "0")).toBe(true);
    const sim = await runCli(["simulate", "--connector", "billing", "--module", "revenue_leakage", "--labels", join(dir, "labels.csv"), "--json", "--config", join(dir, "assay.yaml")]);
    expect(sim.code).toBe(0);
    const measured = JSON.parse(sim.stdout) as { current: { metrics: { recall: number } } };
    expect(measured.current.metrics.recall).toBeGreaterThan(0.5);
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
});
