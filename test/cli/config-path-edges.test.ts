// Paths the fifteenth attack pass left answered badly (sixteenth pass):
// - `--config=` or `ASSAY_CONFIG=` left empty (`--config "$CFG"` with CFG unset) resolved to the
//   current folder and was refused as "is a folder"; it is a usage error naming the flag or variable.
// - `init` onto a dangling symbolic link for the configuration or the master key answered the
//   bare "EEXIST: file already exists, open …"; it names the link, its target and the way out,
//   and still writes nothing through it.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { captureIO } from "../support/cli.ts";
import { makeTempDir } from "../support/harness.ts";
import { main } from "../../src/main.ts";

const dir = makeTempDir("assay-config-path-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string> = {}) {
  const io = captureIO();
  io.env = env;
  const code = await main(args, io);
  return { code, out: io.stdout, err: io.stderr };
}

test("an empty --config or ASSAY_CONFIG is a usage error naming it, for every command", async () => {
  for (const args of [["config", "check", "--config="], ["init", "--config="], ["doctor", "--config", ""]]) {
    const r = await cli(args);
    expect(r.code, args.join(" ")).toBe(2);
    expect(r.err, args.join(" ")).toContain("--config is empty");
    expect(r.err).not.toContain("is a folder");
  }
  for (const args of [["config", "check"], ["init"], ["alerts", "list"]]) {
    const r = await cli(args, { ASSAY_CONFIG: "" });
    expect(r.code, args.join(" ")).toBe(2);
    expect(r.err, args.join(" ")).toContain("ASSAY_CONFIG is set but empty");
  }
  const call = await cli(["call", "GET", "/v1/health"], { ASSAY_CONFIG: "", ASSAY_API_KEY: "ak_x", ASSAY_API_SECRET: "s" });
  expect(call.code).toBe(2);
  expect(call.err).toContain("ASSAY_CONFIG is set but empty");
});

test("init onto a dangling symbolic link names the link and its target, and writes nothing through it", async () => {
  const configTarget = join(dir, "elsewhere", "assay.yaml");
  const configLink = join(dir, "assay.yaml");
  symlinkSync(configTarget, configLink);
  const r = await cli(["init", "--config", configLink]);
  expect(r.code).toBe(1);
  expect(r.err).toContain(`${configLink} is a symbolic link to ${configTarget}, which does not exist`);
  expect(r.err).not.toContain("EEXIST");
  expect(existsSync(configTarget)).toBe(false);

  const keyDir = join(dir, "with-key");
  mkdirSync(join(keyDir, "data"), { recursive: true });
  const keyTarget = join(dir, "nowhere", "master.key");
  symlinkSync(keyTarget, join(keyDir, "data", "master.key"));
  const key = await cli(["init", "--config", join(keyDir, "etc", "assay.yaml")]); // its key: ../data/master.key
  expect(key.code).toBe(1);
  expect(key.err).toContain("security.master_key_file");
  expect(key.err).toContain(`symbolic link to ${keyTarget}, which does not exist`);
  expect(key.err).not.toContain("EEXIST");
  expect(existsSync(keyTarget)).toBe(false);
});
