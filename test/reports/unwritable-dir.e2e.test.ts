// A report the worker cannot write — its folder replaced by a file, a full disk — fails with
// `report_write_failed` and a message that says what to fix, the errno and the path only in the
// server log. Before (tenth attack pass's note), the client read `internal_error` ("the report
// failed unexpectedly"), which looks like a bug in Assay rather than the operator's disk.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { memoryLogger } from "../../src/log.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

let s: Server;
let dir: string;
const log = memoryLogger();
beforeAll(async () => {
  s = await startServer("", { log });
  dir = s.rt.config.reports.dir;
  await s.call("POST", "/v1/alerts", { title: "kept", severity: "low", transaction_id: "INV-1" });
});
afterAll(() => s.stop());

async function failedReport() {
  const queued = await json(await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }));
  const report = await waitForReport(s.call, queued.id);
  expect(report.status).toBe("failed");
  return report;
}

/** The log line of a report's failure: what the operator reads (the errno, the folder). */
const failureLine = (id: string) => log.lines.find((l) => l.msg === "report failed" && l.report === id);

test("a reports folder replaced by a file fails the report with report_write_failed, not internal_error", async () => {
  mkdirSync(dirname(dir), { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(dir, "not a folder");
  try {
    const report = await failedReport();
    expect(report.error.code).toBe("report_write_failed");
    expect(report.error.message).toContain("reports.dir");
    expect(report.error.message).not.toContain(dir);
    expect(failureLine(report.id)).toMatchObject({ level: "warn", code: "report_write_failed", dir });
    expect(String(failureLine(report.id)!.error)).toContain("ENOTDIR");
    // The content route of a failed report answers as for any report that is not completed.
    const content = await s.call("GET", `/v1/reports/${report.id}/content`);
    expect(content.status).toBe(409);
  } finally {
    rmSync(dir, { force: true });
  }
  // Once the folder is back, reports are written again.
  mkdirSync(dir, { recursive: true });
  const queued = await json(await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }));
  expect((await waitForReport(s.call, queued.id)).status).toBe("completed");
}, 20_000);

test("a full disk fails the report with report_write_failed and leaves no partial file", async () => {
  mkdirSync(dir, { recursive: true });
  if (spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]).status !== 0) {
    console.log("skipped: cannot mount a tmpfs here");
    return;
  }
  try {
    // Fill the disk to its last page (4 KiB appends until the file system refuses one; a single
    // 64 KiB write sometimes left room, and the report then completed): the report's first
    // flush fails with ENOSPC. A new file of one byte no longer fits.
    const filler = openSync(join(dir, "filler"), "w");
    try {
      for (let i = 0; i < 1024; i++) writeSync(filler, Buffer.alloc(4096));
    } catch {
      // ENOSPC: full.
    } finally {
      closeSync(filler);
    }
    expect(() => writeFileSync(join(dir, "probe"), "x")).toThrow();
    // Many alerts: a report larger than what room is left.
    for (let i = 0; i < 40; i++) await s.call("POST", "/v1/alerts", { title: `alert ${i} ${"x".repeat(150)}`, severity: "low", transaction_id: `INV-${i}` });
    const report = await failedReport();
    expect(report.error.code).toBe("report_write_failed");
    expect(report.error.message).toContain("no space left");
    expect(String(failureLine(report.id)!.error)).toContain("ENOSPC");
    expect(readdirSync(dir).filter((n) => n.endsWith(".part"))).toEqual([]);
  } finally {
    spawnSync("umount", [dir]);
  }
}, 20_000);
