// `assay simulate` on the demo data: a stricter candidate (lower threshold and a rule) opens more
// alerts, and with labels (the demo's planted leakage) the F1 of both configurations is printed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { demoDataset } from "../../src/cli/demo.ts";
import type { SimulationResult } from "../../src/domain/simulation.ts";
import { LEAKAGE_TYPES } from "../../src/sampledata/plant.ts";
import { runCli } from "../support/cli.ts";
import { makeTempDir } from "../support/harness.ts";

const dir = makeTempDir();
const demo = join(dir, "demo");
const config = join(demo, "assay.yaml");
const strict = join(demo, "strict.yaml");
const labels = join(dir, "labels.csv");

beforeAll(async () => {
  const r = await runCli(["demo", "--dir", demo, "--no-serve", "--json", "--seed", "42"]);
  expect(r.code).toBe(0);
  writeFileSync(
    strict,
    `${readFileSync(config, "utf8").replace("auto_threshold: 70", "auto_threshold: 40")}
rules:
  - { id: big_invoice, module: revenue_leakage, when: 'txn.type == "invoice" && txn.amount > 20000', severity: high, message: 'Invoice of {amount} {currency}' }
`,
  );
  const planted = demoDataset(42);
  const rows = planted.transactions.map((t) => `${t.transaction_id},${LEAKAGE_TYPES.includes(planted.labels.get(t.transaction_id)?.type as never) ? 1 : 0}`);
  writeFileSync(labels, `transaction_id,label\n${[...new Set(rows)].join("\n")}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("assay simulate", () => {
  test("a stricter candidate opens more alerts; F1 of both against labels", async () => {
    const r = await runCli(["simulate", "--config", config, "--connector", "billing", "--module", "revenue_leakage", "--with", strict, "--labels", labels, "--json"]);
    expect(r.code).toBe(0);
    const sim = JSON.parse(r.stdout) as SimulationResult;
    expect(sim.transactions_analyzed).toBeGreaterThan(400);
    expect(sim.candidate.alerts).toBeGreaterThan(sim.current.alerts);
    expect(sim.candidate.by_detector["rule:big_invoice"]).toBeGreaterThan(0);
    expect(sim.current.auto_threshold).toBe(70);
    expect(sim.candidate.auto_threshold).toBe(40);
    expect(sim.labels.positives).toBeGreaterThan(0);
    expect(sim.current.metrics!.f1).toBeGreaterThan(0);
    expect(sim.candidate.metrics!.f1).toBeGreaterThan(0);
    // The rule flags big clean invoices: more alerts, lower precision, lower F1.
    expect(sim.candidate.metrics!.precision!).toBeLessThan(sim.current.metrics!.precision!);
    expect(sim.changes.opened).toBe(sim.candidate.alerts - sim.current.alerts + sim.changes.closed);

    const text = await runCli(["simulate", "--config", config, "--connector", "billing", "--module", "revenue_leakage", "--with", strict, "--labels", labels]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^alerts +${sim.current.alerts} +${sim.candidate.alerts}$`, "m"));
    expect(text.stdout).toMatch(new RegExp(`^F1 +${sim.current.metrics!.f1!.toFixed(3)} +${sim.candidate.metrics!.f1!.toFixed(3)}$`, "m"));
    expect(text.stderr).toBe(""); // no progress bar when stderr is not a terminal
  });

  test("usage errors and a bad labels file name the problem", async () => {
    const missing = await runCli(["simulate", "--config", config, "--module", "revenue_leakage"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--connector: required");
    const unknown = await runCli(["simulate", "--config", config, "--connector", "nope", "--module", "revenue_leakage"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no connector "nope"');
    writeFileSync(join(dir, "bad.csv"), "transaction_id,label\nINV-1,maybe\n");
    const bad = await runCli(["simulate", "--config", config, "--connector", "billing", "--module", "revenue_leakage", "--labels", join(dir, "bad.csv")]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("bad.csv:2: expected a transaction id and a label");
    // Eleventh attack pass: a device was read until memory ran out, a folder answered a bare EISDIR.
    const started = performance.now();
    const endless = await runCli(["simulate", "--config", config, "--connector", "billing", "--module", "revenue_leakage", "--labels", "/dev/zero"]);
    expect(endless.code).toBe(1);
    expect(endless.stderr).toContain("/dev/zero: the file is more than 256 MiB");
    expect(performance.now() - started).toBeLessThan(10_000);
    const folder = await runCli(["simulate", "--config", config, "--connector", "billing", "--module", "revenue_leakage", "--labels", dir]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain(`${dir}: is a folder: name the labels CSV file in it`);
  });

  test("the simulation report: built-in baseline against the configuration in force", async () => {
    const r = await runCli(["reports", "create", "--config", strict, "--type", "simulation", "--connector", "billing", "--wait", "--json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ type: "simulation", status: "completed", module: "revenue_leakage" });
    expect(report.summary.transactions_analyzed).toBeGreaterThan(400);
    // strict.yaml lowers the threshold and adds a rule: the running configuration opens more.
    expect(report.summary.running.alerts).toBeGreaterThan(report.summary.baseline.alerts);
    const noConnector = await runCli(["reports", "create", "--config", strict, "--type", "simulation", "--wait"]);
    expect(noConnector.code).toBe(2);
    expect(noConnector.stderr).toContain("needs the connector");
  });
});
