// Runs `assay serve` as a real child process (so it can be killed with SIGKILL or SIGTERM) on a
// config a test prepared, and waits for its "listening" line.
import { join } from "node:path";
import type { Subprocess } from "bun";

const MAIN = join(import.meta.dir, "../../src/main.ts");

export interface ServerProcess {
  url: string;
  port: number;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<number>;
}

export async function spawnServe(configFile: string, env: Record<string, string> = {}, binary?: string): Promise<ServerProcess> {
  const cmd = binary ? [binary, "serve", "--config", configFile, "--port", "0"] : [process.execPath, "run", MAIN, "serve", "--config", configFile, "--port", "0"];
  const proc = Bun.spawn(cmd, { stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  let text = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text += decoder.decode(chunk);
  };
  void pump(proc.stdout);
  void pump(proc.stderr);
  const deadline = Date.now() + 20_000;
  let url = "";
  while (!url) {
    url = /"msg":"listening","url":"([^"]+)"/.exec(text)?.[1] ?? "";
    if (url) break;
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`assay serve did not start (exit ${proc.exitCode}): ${text}`);
    }
    await Bun.sleep(20);
  }
  return {
    url,
    port: Number(new URL(url).port),
    proc,
    output: () => text,
    async kill(signal = "SIGKILL") {
      proc.kill(signal);
      return proc.exited;
    },
  };
}

/** Runs `assay <args>` to completion. */
export async function runAssay(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([process.execPath, "run", MAIN, ...args], { stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}
