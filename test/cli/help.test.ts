// The command table drives help, parsing and errors: every command and subcommand answers
// --help and -h with its usage and exit 0; errors are plain words, and JSON under --json.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { COMMANDS } from "../../src/cli/commands.ts";
import { commandPaths, isGroup, optionsOf } from "../../src/cli/framework.ts";
import { progress, progressLine } from "../../src/cli/progress.ts";
import { main } from "../../src/main.ts";
import { captureIO, runCli } from "../support/cli.ts";
import { makeTempDir } from "../support/harness.ts";

async function run(argv: string[]) {
  const io = captureIO();
  const code = await main(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe("every command's --help", () => {
  const paths = commandPaths(COMMANDS);
  test("the table has every command", () => {
    expect(paths.map((p) => p.join(" "))).toContain("reports show");
    expect(paths.length).toBeGreaterThan(15);
  });
  for (const path of paths) {
    for (const flag of ["--help", "-h"]) {
      test(`assay ${path.join(" ")} ${flag} prints its usage and exits 0`, async () => {
        const r = await run([...path, flag]);
        expect(r.code).toBe(0);
        expect(r.err).toBe("");
        expect(r.out).toContain(`usage: assay ${path.join(" ")}`);
      });
    }
  }
  test("--help after other options and arguments still wins", async () => {
    const r = await run(["keys", "revoke", "key_x", "--bogus", "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("KEY_ID");
  });
  test("every option has a description", () => {
    for (const [name, c] of Object.entries(COMMANDS)) {
      const leaves = isGroup(c) ? Object.values(c.subcommands) : [c];
      for (const leaf of leaves) {
        expect(leaf.summary.length).toBeGreaterThan(5);
        for (const [opt, spec] of Object.entries(optionsOf(leaf))) expect(`${name} --${opt}: ${spec.description}`.length).toBeGreaterThan(name.length + opt.length + 8);
      }
    }
  });
  test("the real process: assay --help and assay keys rotate -h exit 0", async () => {
    expect((await runCli(["--help"])).code).toBe(0);
    const r = await runCli(["keys", "rotate", "-h"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--grace DURATION");
  });
});

describe("errors in plain words", () => {
  test.each([
    [["keys", "create", "--acount", "x"], "unknown option --acount for `assay keys create` (did you mean --account?)"],
    [["keys", "create", "--account"], "--account needs a value"],
    // A negative number given as a flag's separate value is the flag's value (no option starts
    // with a digit), judged by the flag's own check; it was read as a missing value.
    [["serve", "--port", "-1"], '--port: expected 0-65535 (got "-1")'],
    [["demo", "--port", "-1", "--no-serve"], '--port: expected 0-65535 (got "-1")'],
    [["demo", "--seed", "-1", "--no-serve"], '--seed: expected an integer 0-4294967295 (got "-1")'],
    [["demo", "--seed=-1", "--no-serve"], '--seed: expected an integer 0-4294967295 (got "-1")'],
    [["demo", "--seed", "4294967338", "--no-serve"], '--seed: expected an integer 0-4294967295 (got "4294967338")'],
    [["keys", "rotate", "key_x", "--grace", "-1h"], '--grace: expected a duration such as 90d, 24h, 30m or 45s (got "-1h")'],
    [["sign", "--secret", "sk_x", "--timestamp", "-5"], '--timestamp: expected unix seconds (got "-5")'],
    [["alerts", "list", "--limit", "-1"], '--limit: expected 1-1000 (got "-1")'],
    [["migrate-store", "--to", "postgres://h/db", "--batch", "-.5"], '--batch: expected 1-5000 (got "-.5")'],
    // Fifteenth attack pass: a URL the client cannot parse was the bare "Invalid URL" (password masked).
    [["migrate-store", "--to", "postgres://u:s3cret%PW@[::1/db"], '--to: not a valid URL (got "postgres://u:***@[::1/db")'],
    // A period that ends before it begins replayed nothing and said so as a result (exit 0).
    [["simulate", "--connector", "c", "--module", "m", "--from", "2026-01-01", "--to", "2025-01-01"], "--from: 2026-01-01 is after --to (2025-01-01)"],
    // The dashboard's bounds on the names of accounts and keys (the CLI stored 100,000 characters).
    [["accounts", "create", "--name", "a".repeat(201)], "--name: at most 200 characters (got 201)"],
    [["keys", "create", "--account", "acct_x", "--name", "k".repeat(101)], "--name: at most 100 characters (got 101)"],
    // Any other value starting with a dash may be an option: the message says how to give it.
    [["accounts", "create", "--name", "-acme"], '--name needs a value (N: '],
    [["accounts", "create", "--name", "-acme"], 'a value starting with "-" is written --name=-acme'],
    [["keys", "list", "--json=yes"], "--json is a switch and takes no value"],
    [["keys", "revoke"], "missing KEY_ID"],
    [["keys", "revoke", "a", "b"], 'unexpected argument "b"'],
    [["keys", "frob"], 'unknown subcommand "frob" for `assay keys`'],
    [["acounts"], "did you mean `assay accounts`?"],
  ])("%j", async (argv, message) => {
    const r = await run(argv as string[]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message as string);
    expect(r.err).not.toContain("ERR_PARSE_ARGS");
  });

  test("under --json an error is one JSON object on stdout", async () => {
    const usage = await run(["keys", "create", "--json"]);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.out)).toEqual({ error: { code: "usage_error", message: expect.stringContaining("--account: required") } });
    const config = await run(["accounts", "list", "--json", "--config", "/nonexistent/assay.yaml"]);
    expect(config.code).toBe(1);
    expect(JSON.parse(config.out).error.code).toBe("config_invalid");
  });

  test("a connection failure names the URL and what to check", async () => {
    const io = captureIO();
    io.env = { ASSAY_API_KEY: "ak_x", ASSAY_API_SECRET: "sk_x" };
    const code = await main(["call", "GET", "/v1/health", "--url", "http://127.0.0.1:9", "--json"], io);
    expect(code).toBe(1);
    const err = JSON.parse(io.stdout).error;
    expect(err.code).toBe("connection_failed");
    expect(err.message).toContain("http://127.0.0.1:9");
    expect(err.message).toContain("assay serve");
  });
});

describe("demo", () => {
  test("refuses a non-empty folder it did not create", async () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, "mine"));
    writeFileSync(join(dir, "mine", "notes.txt"), "precious");
    const r = await run(["demo", "--dir", join(dir, "mine"), "--no-serve"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("not created by `assay demo`");
  });
});

describe("progress", () => {
  test("silent without a terminal, one rewritten line with one", () => {
    const writes: string[] = [];
    const quiet = progress("x", { tty: false, write: (t) => writes.push(t) });
    quiet.update(5, 10);
    quiet.finish();
    expect(writes).toEqual([]);
    const bar = progress("report rpt_1", { tty: true, write: (t) => writes.push(t) });
    bar.update(1234, 5000);
    bar.update(5000, 5000);
    bar.finish();
    expect(writes[0]).toContain("report rpt_1: 24% (1,234 / 5,000)");
    expect(writes.at(-1)).toBe("\r\x1b[2K");
    expect(progressLine("scan", 12345, null, "rows", 2)).toBe("scan: 12,345 rows, 2s");
  });
});

describe("docs", () => {
  test("docs/cli.md and README.md name every command", async () => {
    const cli = await Bun.file(join(import.meta.dir, "../../docs/cli.md")).text();
    const readme = await Bun.file(join(import.meta.dir, "../../README.md")).text();
    for (const path of commandPaths(COMMANDS)) {
      const c = COMMANDS[path[0]!]!;
      if (path.length === 1 && isGroup(c)) continue;
      expect(cli).toContain(`### assay ${path.join(" ")}\n`);
      expect(readme).toContain(`\`assay ${path.join(" ")}`);
    }
  });
});
