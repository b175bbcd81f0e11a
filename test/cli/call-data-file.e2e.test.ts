// `assay call --data @FILE` reads its file to a bound. Before (eleventh attack pass), the file
// was read whole before anything was checked: `--data @/dev/zero` (a mistyped path, a device)
// ran until memory ran out (`cannot read /dev/zero (ENOMEM)` after ~4 GB under a ulimit; without
// one, the machine's memory). A file over the bound is a usage error naming it, in well under a
// second; a pipe that ends (`--data @/dev/stdin`) is read as before.
import { expect, test } from "bun:test";
import { runCli } from "../support/cli.ts";

const env = { ASSAY_API_KEY: "ak_x", ASSAY_API_SECRET: "sk_x" };
// Nothing listens on port 9: a body that passes the checks fails to connect (exit 1), not 2.
const url = "http://127.0.0.1:9";

test("--data @/dev/zero is refused as larger than the bound, at once", async () => {
  const started = performance.now();
  const r = await runCli(["call", "POST", "/v1/alerts", "--data", "@/dev/zero", "--url", url], { env });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain("/dev/zero");
  expect(r.stderr).toContain("more than 64 MiB");
  expect(performance.now() - started).toBeLessThan(5_000);
}, 20_000);

test("--data @/dev/stdin reads a pipe that ends", async () => {
  const r = await runCli(["call", "POST", "/v1/alerts", "--data", "@/dev/stdin", "--url", url], { env, stdin: '{"title":"t"}' });
  expect(r.code).toBe(1);
  expect(r.stderr).not.toContain("--data");
});
