import { describe, expect, test } from "bun:test";
import { parseConfig } from "../../src/config/load.ts";
import { configProblems as problems } from "../support/config.ts";

describe("storage section", () => {
  test("sqlite by default; postgres takes its url from the environment and a pool of 10", () => {
    expect(parseConfig("", "/etc/assay/assay.yaml", {}).storage.driver).toBe("sqlite");
    const c = parseConfig("storage: { driver: postgres, url: '${ASSAY_DATABASE_URL}' }", "/etc/assay/assay.yaml", {
      ASSAY_DATABASE_URL: "postgres://assay:pw@db:5432/assay",
    });
    expect(c.storage).toMatchObject({ driver: "postgres", url: "postgres://assay:pw@db:5432/assay", pool: 10 });
  });

  test("postgres without a url, a non-postgres url, an unknown driver or key: each named by its path", () => {
    expect(problems("storage: { driver: postgres }")).toEqual([expect.stringContaining("storage.url: required when storage.driver is postgres")]);
    expect(problems("storage: { driver: postgres, url: 'mysql://x' }")).toEqual(["storage.url: expected a postgres:// URL"]);
    expect(problems("storage: { driver: oracle }")[0]).toStartWith("storage.driver:");
    expect(problems("storage: { driver: postgres, url: 'postgres://x/y', pool: 0 }")[0]).toStartWith("storage.pool:");
    expect(problems("storage: { drvier: postgres }")[0]).toStartWith("storage");
  });
});
