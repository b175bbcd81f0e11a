// Learned models (versioned, one active per connector, rollback) and false-positive suppressions.
import { describe, expect, test } from "bun:test";
import { SqliteStore } from "../../src/store/sqlite/index.ts";

const open = () => SqliteStore.open({ path: ":memory:", synchronous: "FULL", busy_timeout_ms: 1000 });
const model = (id: string, connector = "erp") => ({ id, connector, threshold: 55, weights: { compliance: { self_approval: 0.3 } }, metrics: { f1: 1 }, labels: 40, created_at: "2026-01-01T00:00:00.000Z" });

describe("learned models", () => {
  test("versions per connector, one active; rollback walks back to the configured weights", async () => {
    const store = open();
    expect((await store.models.activate(model("mdl_1"))).version).toBe(1);
    expect((await store.models.activate(model("mdl_2"))).version).toBe(2);
    expect((await store.models.activate(model("mdl_x", "other"))).version).toBe(1);
    expect((await store.models.active()).map((m) => [m.connector, m.version])).toEqual([["erp", 2], ["other", 1]]);
    expect((await store.models.list("erp")).map((m) => [m.version, m.status])).toEqual([[2, "active"], [1, "retired"]]);
    expect((await store.models.rollback("erp"))?.version).toBe(1);
    expect(await store.models.rollback("erp")).toBeNull();
    expect((await store.models.list("erp")).map((m) => m.status)).toEqual(["rolled_back", "rolled_back"]);
    await expect(store.models.rollback("erp")).rejects.toThrow('connector "erp" has no learned model to roll back');
    // A new fit after rollbacks takes the next version number.
    expect((await store.models.activate(model("mdl_3"))).version).toBe(3);
    expect((await store.models.active()).find((m) => m.connector === "erp")).toMatchObject({ version: 3, weights: { compliance: { self_approval: 0.3 } }, metrics: { f1: 1 } });
    store.close();
  });
});

describe("suppressions", () => {
  test("match by account, connector, codes and entity; duplicates kept once; lifted per alert", async () => {
    const store = open();
    const s = { id: "sup_1", account_id: "acct_1", connector: "erp", codes: "self_approval", entity: "customer:C-1", alert_id: "alrt_1", created_at: "2026-01-01T00:00:00.000Z" };
    await store.suppressions.add(s);
    await store.suppressions.add({ ...s, id: "sup_2" });
    expect(await store.suppressions.matches("acct_1", "erp", "self_approval", "customer:C-1")).toBe(true);
    expect(await store.suppressions.matches("acct_2", "erp", "self_approval", "customer:C-1")).toBe(false);
    expect(await store.suppressions.matches("acct_1", "erp", "approval_limit_exceeded,self_approval", "customer:C-1")).toBe(false);
    expect((await store.suppressions.list("acct_1")).length).toBe(1);
    expect(await store.suppressions.removeForAlert("alrt_1")).toBe(1);
    expect(await store.suppressions.matches("acct_1", "erp", "self_approval", "customer:C-1")).toBe(false);
    store.close();
  });
});
