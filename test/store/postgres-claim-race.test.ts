// PostgreSQL: a write marking its Idempotency-Key claim and a release of that claim, at the same
// moment, from two sessions. Exactly one takes effect, whichever comes first: the release's
// DELETE that waited for the write's row lock re-checks `resource IS NULL` on the row the write
// committed and deletes nothing; a write that waited for a release finds its claim gone and rolls
// back. Before, a release (decided on a view read before the write committed) deleted the claim
// of a committed write, and the retry wrote it a second time. Under CI=true a missing PostgreSQL
// fails this file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import type { IdempotencyRef } from "../../src/domain/idempotency.ts";
import { newId } from "../../src/domain/ids.ts";
import { PostgresStore } from "../../src/store/postgres/index.ts";
import { markClaim } from "../../src/store/postgres/idempotency.ts";
import type { Sql } from "../../src/store/postgres/pool.ts";
import { IdempotencyClaimLostError, type ReportRecord } from "../../src/store/types.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/postgres.ts";

const available = await postgresAvailable();
const T0 = "2026-01-01T00:00:00.000Z";
const ACCT = "acct_claim_race";
const OWNER = "node-a:1:abcd1234";

function report(): ReportRecord {
  return {
    id: newId("rpt"), account_id: ACCT, type: "alerts", format: "json", status: "queued", period_from: null, period_to: null, connector: null,
    module: null, progress_processed: 0, progress_total: null, summary: null, file: null, bytes: null, error_code: null, error_message: null,
    attempts: 0, runner: null, lease_until: null, created_by_key: null, created_at: T0, started_at: null, completed_at: null,
  };
}

describe.skipIf(!available)("PostgreSQL: a claim's write and its release race", () => {
  let db: TestDatabase;
  let store: PostgresStore;
  let sql: SQL;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresStore({ url: db.url, pool: 4 });
    await store.migrate();
    sql = new SQL(db.url, { max: 2 });
  });
  afterAll(async () => {
    await sql?.close();
    await store?.close();
    await db?.drop();
  });

  async function claimed(): Promise<IdempotencyRef> {
    const ref = { account_id: ACCT, key: newId("key"), token: crypto.randomUUID() };
    const took = await store.idempotency.claim({ ...ref, fingerprint: "f", status: 0, headers: {}, body: "", created_at: T0, expires_at: "2999-01-01T00:00:00.000Z", owner: OWNER, lease_until: T0 });
    expect(took.claimed).toBe(true);
    return ref;
  }

  /** Runs `write` in a transaction of another session and holds it open; `end(commit)` ends it. */
  async function holding(write: (tx: SQL) => Promise<unknown>) {
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    let ready!: () => void;
    const written = new Promise<void>((resolve) => (ready = resolve));
    const done = sql.begin(async (tx) => {
      await write(tx as unknown as SQL);
      ready();
      if (!(await ended)) throw new Error("rolled back");
    });
    await written;
    return async (commit: boolean) => {
      end(commit);
      await done.catch(() => undefined);
    };
  }

  test("the write marks the claim first: a release waiting on it deletes nothing, the claim keeps its resource", async () => {
    const ref = await claimed();
    const commitWrite = await holding((tx) => markClaim(tx as unknown as Sql, ref, "report:rpt_racing"));
    let settled = false;
    const release = store.idempotency.release(ACCT, ref.key, { token: ref.token, owner: OWNER });
    release.finally(() => (settled = true));
    await Bun.sleep(150);
    expect(settled).toBe(false); // waits for the write's row lock
    await commitWrite(true);
    expect(await release).toBe(false);
    expect(await store.idempotency.get(ACCT, ref.key)).toMatchObject({ status: 0, resource: "report:rpt_racing" });
  });

  test("the write rolls back: the release waiting on it deletes the claim", async () => {
    const ref = await claimed();
    const rollBackWrite = await holding((tx) => markClaim(tx as unknown as Sql, ref, "report:rpt_rolled_back"));
    const release = store.idempotency.release(ACCT, ref.key, { token: ref.token, owner: OWNER });
    await Bun.sleep(100);
    await rollBackWrite(false);
    expect(await release).toBe(true);
    expect(await store.idempotency.get(ACCT, ref.key)).toBeNull();
  });

  test("the release deletes the claim first: the write waiting on it is refused and rolls back", async () => {
    const ref = await claimed();
    const commitRelease = await holding((tx) => tx.unsafe("DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2", [ACCT, ref.key]));
    const r = report();
    const write = store.reports.create(r, ref).then(
      () => "written",
      (e) => e,
    );
    await Bun.sleep(100);
    await commitRelease(true);
    expect(await write).toBeInstanceOf(IdempotencyClaimLostError);
    expect(await store.reports.get(ACCT, r.id)).toBeNull();
  });
});
