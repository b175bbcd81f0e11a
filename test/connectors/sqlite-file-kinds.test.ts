// A `sqlite` connector's `path` that is not a regular file. Fourteenth attack pass: bun:sqlite's
// open of a named pipe waits for a writer on the thread that answers every request, so a FIFO
// there (or the file swapped for one before a reopen) froze the whole server — /livez included —
// for ever; `assay config check` said ok. The path must be a regular file: the check names it,
// and the driver refuses anything else before opening it.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { SqliteDriver } from "../../src/connectors/sql/driver.ts";
import { makeTempDir } from "../support/harness.ts";

function fifo(): string {
  const path = join(makeTempDir(), "billing.db");
  expect(Bun.spawnSync(["mkfifo", path]).exitCode).toBe(0);
  return path;
}

test("config check: a named pipe, a device or a folder as the SQLite file is a problem under its path", () => {
  for (const [path, what] of [
    [fifo(), "not a regular file"],
    ["/dev/zero", "not a regular file"],
    [makeTempDir(), "a folder"],
  ] as const) {
    const yaml = `connectors:\n  - { id: s, type: sqlite, path: "${path}", transactions: lines }\n`;
    let problems: string[] = [];
    try {
      connectorSettings(parseConfig(yaml, "/x/assay.yaml", {}));
    } catch (e) {
      problems = (e as { problems?: string[] }).problems ?? [String(e)];
    }
    expect(problems).toEqual([expect.stringContaining(`connectors[0].path: the SQLite file is ${what}`)]);
  }
});

test("the driver refuses a path that became a named pipe, at once, without opening it", async () => {
  const driver = new SqliteDriver(fifo(), { connectorId: "s", timeoutMs: 1000 });
  const started = performance.now();
  const error = await driver.query("SELECT 1", []).then(() => undefined, (e: unknown) => e as { code?: string; detail?: string });
  expect(error?.code).toBe("connector_unavailable");
  expect(error?.detail).toContain("not a regular file");
  expect(performance.now() - started).toBeLessThan(500);
});
