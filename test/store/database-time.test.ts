// Nodes sharing PostgreSQL compare leases on the database's clock (src/store/database-time.ts):
// the follower's rules with a database clock the test controls, then two runtimes on one real
// PostgreSQL database, one of them on a host whose clock runs a minute fast, judging a report
// another host is running under a live lease.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { type Clock, iso, ShiftedClock, systemClock } from "../../src/domain/clock.ts";
import { memoryLogger } from "../../src/log.ts";
import { REPORT_LEASE_MS } from "../../src/reports/worker.ts";
import { createRuntime, type Runtime } from "../../src/runtime.ts";
import { followDatabaseClock } from "../../src/store/database-time.ts";
import type { ReportRecord } from "../../src/store/types.ts";
import { makeTempDir } from "../support/harness.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/postgres.ts";

/** A wall clock `ms` ahead of the system's (a host whose time synchronisation failed). */
const ahead = (ms: number): Clock => ({ now: () => Date.now() + ms, monotonic: () => performance.now() });

describe("following the database's clock", () => {
  test("a disagreement of a second or more is followed and logged once; less is left alone", async () => {
    const log = memoryLogger();
    const clock = new ShiftedClock(ahead(45_000));
    let databaseAhead = 0;
    const databaseTime = async () => Date.now() + databaseAhead;
    await followDatabaseClock(databaseTime, clock, log);
    expect(Math.abs(clock.offsetMs + 45_000)).toBeLessThan(50);
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
    const warnings = log.lines.filter((l) => l.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]!.msg)).toContain("45.0 s ahead of the database server's");
    // The next readings, a millisecond or two apart, neither move the offset nor log again.
    const offset = clock.offsetMs;
    for (let i = 0; i < 3; i++) await followDatabaseClock(databaseTime, clock, log);
    expect(Math.abs(clock.offsetMs - offset)).toBeLessThan(250);
    expect(log.lines.filter((l) => l.level === "warn")).toHaveLength(1);
    // The host's clock is fixed (its base now agrees within 300 ms): the node keeps its own time again.
    const fixed = new ShiftedClock(ahead(300));
    fixed.offsetMs = clock.offsetMs;
    databaseAhead = 0;
    await followDatabaseClock(databaseTime, fixed, log);
    expect(fixed.offsetMs).toBe(0);
    expect(log.lines.some((l) => String(l.msg).includes("agrees with the database server's again"))).toBe(true);
  });

  test("hosts within a second of the database keep their own time", async () => {
    const log = memoryLogger();
    const clock = new ShiftedClock(ahead(600));
    await followDatabaseClock(async () => Date.now(), clock, log);
    expect(clock.offsetMs).toBe(0);
    expect(log.lines).toHaveLength(0);
  });

  test("a database that fails or answers slowly leaves the offset as it was", async () => {
    const log = memoryLogger();
    const clock = new ShiftedClock(ahead(10_000));
    clock.offsetMs = -10_000;
    await followDatabaseClock(async () => {
      throw new Error("connection refused");
    }, clock, log);
    expect(clock.offsetMs).toBe(-10_000);
    await followDatabaseClock(async () => {
      await Bun.sleep(600);
      return Date.now() + 90_000;
    }, clock, log);
    expect(clock.offsetMs).toBe(-10_000);
    expect(log.lines).toHaveLength(0);
  });
});

const available = await postgresAvailable();

describe.if(available)("two nodes on one PostgreSQL database, one host's clock a minute fast", () => {
  let db: TestDatabase;
  let dir: string;
  const runtimes: Runtime[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = makeTempDir("assay-clock-");
    writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  });
  afterAll(async () => {
    for (const rt of runtimes) await rt.close();
    await db?.drop();
  });

  const node = async (clock: Clock, log = memoryLogger()) => {
    const yaml = `server: { port: 0, access_log: false }
storage: { driver: postgres, url: "${db.url}", pool: 2 }
security: { master_key_file: ./master.key }
reports: { dir: ./reports, poll_interval_ms: 50 }
`;
    const rt = createRuntime(parseConfig(yaml, join(dir, "assay.yaml"), {}), { clock, log, env: {} });
    runtimes.push(rt);
    await rt.store.migrate();
    return rt;
  };

  /** A report running on another host under a lease it took 5 s ago (25 s of it left). */
  const runningElsewhere = async (rt: Runtime, id: string): Promise<ReportRecord> => {
    const account = await rt.keys.createAccount(`clock-${id}`, "standard");
    const now = Date.now();
    await rt.store.reports.create({
      id, account_id: account.id, type: "revenue_leakage", format: "json", status: "queued", period_from: null, period_to: null, connector: null, module: null,
      progress_processed: 0, progress_total: null, summary: null, file: null, bytes: null, error_code: null, error_message: null, attempts: 0, runner: null,
      lease_until: null, created_by_key: null, created_at: iso(now - 5_000), started_at: null, completed_at: null,
    });
    const claimed = await rt.store.reports.claim(id, "server:4242@another-host.example", iso(now - 5_000), iso(now - 5_000 + REPORT_LEASE_MS));
    expect(claimed?.status).toBe("running");
    return claimed!;
  };

  test("the fast node follows the database's time and leaves the other host's report to it", async () => {
    const log = memoryLogger();
    const fast = await node(new ShiftedClock(ahead(60_000)), log);
    fast.start();
    const deadline = Date.now() + 5_000;
    while (Math.abs(fast.clock.now() - Date.now()) > 1_000 && Date.now() < deadline) await Bun.sleep(20);
    expect(Math.abs(fast.clock.now() - Date.now())).toBeLessThan(1_000);
    expect(log.lines.some((l) => l.level === "warn" && String(l.msg).includes("60.0 s ahead of the database server's"))).toBe(true);
    // Its own report worker stops (it would claim the queued reports of the tests); its clock keeps following.
    await fast.quiesce();
    const report = await runningElsewhere(fast, "rep_clockskew_followed");
    await fast.reports.worker.recoverOrphans();
    const after = await fast.store.reports.get(report.account_id, report.id);
    expect(after?.status).toBe("running");
    expect(after?.runner).toBe("server:4242@another-host.example");
  });

  test("without following it, the same node takes that report back from its live runner", async () => {
    // The behaviour the follower prevents (so that the test above can fail): the node's own
    // clock says the lease ran out 35 s ago.
    const fast = await node(ahead(60_000));
    const report = await runningElsewhere(fast, "rep_clockskew_unfollowed");
    await fast.reports.worker.recoverOrphans();
    const after = await fast.store.reports.get(report.account_id, report.id);
    expect(after?.status).toBe("queued");
  });

  test("a node whose clock agrees keeps the system clock's time exactly", async () => {
    const rt = await node(new ShiftedClock(systemClock));
    rt.start();
    await Bun.sleep(300);
    expect((rt.clock as ShiftedClock).offsetMs).toBe(0);
  });
});
