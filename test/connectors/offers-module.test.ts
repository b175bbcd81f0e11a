// offersModule (src/connectors/modules.ts) answers, for one module, what applicableModules' list
// says: accessConnector asks it of every analysis and makes the list only for its refusal.
import { expect, test } from "bun:test";
import { MODULE_IDS } from "../../src/analysis/catalog.ts";
import { applicableModules, offersModule } from "../../src/connectors/modules.ts";

test("offersModule agrees with applicableModules for every type, capability and module name", () => {
  const types = ["inline", "csv", "sqlite", "http", "postgres"];
  const names = [...MODULE_IDS, "unknown", "", "constructor", "toString"];
  let cases = 0;
  for (const type of types) {
    for (const scan of [true, false]) {
      for (const reference of [[], ["contracts"], ["price_list", "shipments"]]) {
        const connector = { type, capabilities: { scan, reference } } as unknown as Parameters<typeof applicableModules>[0];
        const list: readonly string[] = applicableModules(connector);
        for (const name of names) {
          expect(offersModule(connector, name)).toBe(list.includes(name));
          cases++;
        }
      }
    }
  }
  expect(cases).toBe(types.length * 2 * 3 * names.length);
});
