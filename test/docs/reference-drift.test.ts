// The reference pages a user reads instead of the code: docs/cli.md quotes every command's
// --help, and README.md lists every endpoint. Both are checked against what the product says of
// itself (the command table's help, the served OpenAPI document), so neither can drift silently.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/main.ts";
import { captureIO } from "../support/cli.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const ROOT = join(import.meta.dir, "..", "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

describe("docs/cli.md quotes each command's --help as the command prints it", () => {
  // A quoted help block opens with "assay <command …>: <summary>" and runs to the closing fence.
  const blocks = [...read("docs/cli.md").matchAll(/^```\n((assay [a-z -]+?): [^\n]*\n[\s\S]*?)^```/gm)].map((m) => ({ command: m[2]!, text: m[1]! }));
  test("the page quotes the help of every command it documents", () => {
    expect(blocks.length).toBeGreaterThan(25);
  });
  for (const { command, text } of blocks) {
    test(command, async () => {
      const io = captureIO();
      const code = await main([...command.split(" ").slice(1), "--help"], io);
      expect(code).toBe(0);
      expect(text.trimEnd()).toBe(io.stdout.trimEnd());
    });
  }
});

describe("README.md's endpoint table names every operation of the OpenAPI document", () => {
  let s: TestServer;
  let operations: string[];
  beforeAll(async () => {
    s = await startTestServer("connectors:\n  - { id: inline, type: inline }\n");
    const doc = (await (await fetch(`${s.url}/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  });
  afterAll(() => s.stop());

  test("every documented operation is listed, and every listed /v1 one exists", () => {
    const readme = read("README.md");
    const table = readme.slice(readme.indexOf("| endpoint | purpose |"), readme.indexOf("Rate limits are per account"));
    const listed = [...table.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`]*)`/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.filter((op) => !listed.includes(op))).toEqual([]);
    expect(listed.filter((op) => op.includes(" /v1/") && !operations.includes(op))).toEqual([]);
  });
});
