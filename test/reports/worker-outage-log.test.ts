// The report worker during a storage outage: every loop's every poll fails (50 ms by default, per
// node), and the log got a line each time (27–28 lines per node in 1.5 s in the chaos pass). The
// first failure is logged, repeats are summed once a minute, and the recovery is logged once.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ReportWorker, type ReportWorkerDeps } from "../../src/reports/worker.ts";
import type { Logger } from "../../src/log.ts";
import { until } from "../support/wait.ts";

test("a storage outage logs one line when it starts and one when it ends, not one per poll", async () => {
  const dir = mkdtempSync(join(tmpdir(), "assay-worker-log-"));
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const record = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields });
  const log: Logger = { log: (level, msg, fields) => record(level)(msg, fields), info: record("info"), warn: record("warn"), error: record("error") };
  let down = true;
  let passes = 0;
  const reports = {
    running: async () => {
      passes++;
      if (down) throw new Error("connection refused");
      return [];
    },
    expired: async () => [],
    claimNext: async () => null,
  };
  const worker = new ReportWorker({
    store: { reports } as unknown as ReportWorkerDeps["store"],
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    dir,
    htmlMaxRows: 100,
    engine: () => undefined,
    log,
    config: { poll_interval_ms: 5, concurrency: 2, retention_days: 30 } as ReportWorkerDeps["config"],
  });
  try {
    await worker.start();
    await until("40 failed passes", () => passes >= 40 || undefined);
    const outage = lines.filter((l) => l.msg.startsWith("report worker"));
    expect(outage.map((l) => l.msg)).toEqual(["report worker pass failed"]);
    expect(outage[0]!.fields).toMatchObject({ error: "connection refused" });
    down = false;
    await until("the recovery line", () => lines.some((l) => l.msg === "report worker recovered") || undefined);
    const recovered = lines.find((l) => l.msg === "report worker recovered")!;
    expect(recovered.level).toBe("info");
    expect(recovered.fields!.failed_passes as number).toBeGreaterThanOrEqual(40);
    expect(lines.filter((l) => l.msg.startsWith("report worker")).length).toBe(2);
  } finally {
    await worker.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
