// `assay serve` on a SQLite database another live server on this machine already serves is
// refused (exit 1, naming that server and the way to several nodes): each process would keep its
// own in-process rate limiter, so an account would get its plan's limit once per process, and
// `assay restore` would see only the last marker. PostgreSQL + Redis is the way to several nodes.
import { expect, test } from "bun:test";
import { runCli } from "../support/cli.ts";
import { makeTempDir, startTestServer } from "../support/harness.ts";
import { spawnServe } from "../support/process.ts";

test("a second server of the same SQLite database is refused; after the first stops it starts", { timeout: 60_000 }, async () => {
  const s = await startTestServer("", { dir: makeTempDir(), driver: "sqlite" });
  let stopped = false;
  try {
    const second = await runCli(["serve", "--port", "0", "--config", s.configFile]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`(pid ${process.pid}`);
    expect(second.stderr).toContain("already serves");
    expect(second.stderr).toContain("PostgreSQL");
    // The first server is untouched: it still answers, and its marker still names it.
    expect((await s.call("GET", "/v1/health")).status).toBe(200);
    await s.stop();
    stopped = true;
    // With the first one stopped, the database is free: serve starts, and stops on SIGTERM.
    const again = await spawnServe(s.configFile);
    expect((await fetch(`${again.url}/livez`)).status).toBe(200);
    expect(await again.kill("SIGTERM")).toBe(0);
  } finally {
    if (!stopped) await s.stop();
  }
});
