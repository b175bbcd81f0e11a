// Runs the real CLI (`bun run src/main.ts …`, or the compiled binary) as a child process.
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `env` adds to this process's environment; a name given as undefined is left out of it. */
export async function runCli(args: string[], options: { env?: Record<string, string | undefined>; stdin?: string; binary?: string } = {}): Promise<CliResult> {
  const cmd = options.binary ? [options.binary, ...args] : [process.execPath, "run", join(ROOT, "src/main.ts"), ...args];
  const proc = Bun.spawn(cmd, {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries({ ...process.env, ...options.env }).filter(([, v]) => v !== undefined)) as Record<string, string>,
    stdin: options.stdin !== undefined ? new TextEncoder().encode(options.stdin) : "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

/** An in-process CLI IO that records what a command prints (for `main(argv, io)`). */
export function captureIO(): import("../../src/cli/common.ts").CliIO & { stdout: string; stderr: string } {
  const io = {
    stdout: "",
    stderr: "",
    out: (t: string) => void (io.stdout += t.endsWith("\n") ? t : `${t}\n`),
    err: (t: string) => void (io.stderr += t.endsWith("\n") ? t : `${t}\n`),
    env: {} as Record<string, string | undefined>,
    stdin: async () => new Uint8Array(),
  };
  return io;
}
