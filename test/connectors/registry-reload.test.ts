// A reload's connectors (ConnectorRegistry.prepare): unchanged entries keep their connector, new
// and changed ones are built before anything is swapped, an invalid file changes nothing, and a
// replaced connector closes only once the scans and calls that hold it have ended.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { ConnectorRegistry } from "../../src/connectors/registry.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { silentLogger } from "../../src/log.ts";
import { makeTempDir } from "../support/harness.ts";

const dir = makeTempDir("assay-registry-reload-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = "transaction_id,type,date,customer_id,currency,amount,sku,quantity,unit_price\n";
function writeLedger(name: string, ids: string[]) {
  writeFileSync(`${dir}/${name}`, HEADER + ids.map((id) => `${id},invoice,2026-01-05,C1,EUR,10,S1,1,10\n`).join(""));
}
writeLedger("a.csv", ["A1", "A2", "A3"]);
writeLedger("b.csv", ["B1"]);
writeLedger("c.csv", ["C1", "C2"]);

const config = (connectors: string) => parseConfig(`connectors:\n${connectors}`, `${dir}/assay.yaml`, {});
const registryOf = (connectors: string) => new ConnectorRegistry(config(connectors), { log: silentLogger, clock: systemClock });

/** Counts the connector's closes (it is closed through its own close(), which this wraps). */
function countCloses(connector: { close(): Promise<void> }): { count: number } {
  const closes = { count: 0 };
  const close = connector.close.bind(connector);
  connector.close = () => {
    closes.count++;
    return close();
  };
  return closes;
}

describe("ConnectorRegistry.prepare", () => {
  test("keeps unchanged connectors (also when moved), rebuilds changed ones, adds and removes, in the file's order", async () => {
    const registry = registryOf("  - { id: one, type: csv, transactions: ./a.csv }\n  - { id: two, type: csv, transactions: ./b.csv }\n  - { id: gone, type: inline }\n");
    const one = registry.get("one")!;
    const two = registry.get("two")!;
    const swap = registry.prepare(
      config("  - { id: new, type: csv, transactions: ./c.csv }\n  - { id: two, type: csv, transactions: ./c.csv }\n  - { id: one, type: csv, transactions: ./a.csv }\n"),
    );
    expect({ added: swap.added, changed: swap.changed, removed: swap.removed }).toEqual({ added: ["new"], changed: ["two"], removed: ["gone"] });
    // Nothing is swapped before the commit.
    expect(registry.get("two")).toBe(two);
    expect(registry.get("new")).toBeUndefined();
    swap.commit();
    expect(registry.list().map((c) => c.id)).toEqual(["new", "two", "one"]);
    expect(registry.get("one")).toBe(one);
    expect(registry.get("two")).not.toBe(two);
    expect(registry.get("gone")).toBeUndefined();
    expect(await registry.get("two")!.getTransaction("C2")).toMatchObject({ transaction_id: "C2" });
    expect(await registry.get("two")!.getTransaction("B1")).toBeNull();
    await registry.close();
  });

  test("an invalid entry throws a ConfigError naming it, and the connectors in force stay", async () => {
    const registry = registryOf("  - { id: one, type: csv, transactions: ./a.csv }\n");
    const one = registry.get("one")!;
    let error: unknown;
    try {
      registry.prepare(config("  - { id: one, type: csv, transactions: ./a.csv }\n  - { id: bad, type: csv }\n"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join("\n")).toContain("connectors[1].transactions");
    expect(registry.list()).toEqual([one]);
    await registry.close();
  });

  test("a replaced connector finishes the scan under way with its own source, then closes", async () => {
    const registry = registryOf("  - { id: one, type: csv, transactions: ./a.csv }\n");
    const old = registry.get("one")!;
    const closes = countCloses(old);
    const scan = old.scan()[Symbol.asyncIterator]();
    expect((await scan.next()).value?.transaction_id).toBe("A1");

    registry.prepare(config("  - { id: one, type: csv, transactions: ./b.csv }\n")).commit();
    expect(registry.get("one")).not.toBe(old);
    expect(closes.count).toBe(0); // the scan holds it
    const rest: string[] = [];
    for (let r = await scan.next(); !r.done; r = await scan.next()) rest.push(r.value.transaction_id);
    expect(rest).toEqual(["A2", "A3"]);
    await Bun.sleep(0);
    expect(closes.count).toBe(1);
    const ids: string[] = [];
    for await (const t of registry.get("one")!.scan()) ids.push(t.transaction_id);
    expect(ids).toEqual(["B1"]);
    await registry.close();
  });

  test("a replaced connector that nothing holds closes at once; a discarded swap closes what it built", async () => {
    const registry = registryOf("  - { id: one, type: csv, transactions: ./a.csv }\n");
    const old = registry.get("one")!;
    const closes = countCloses(old);
    const discarded = registry.prepare(config("  - { id: one, type: csv, transactions: ./c.csv }\n"));
    discarded.discard();
    expect(registry.get("one")).toBe(old);
    expect(closes.count).toBe(0);
    registry.prepare(config("  - { id: one, type: csv, transactions: ./c.csv }\n")).commit();
    await Bun.sleep(0);
    expect(closes.count).toBe(1);
    await registry.close();
  });
});
