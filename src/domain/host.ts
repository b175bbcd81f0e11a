// This machine's name and the user's home folder, without importing node:os: a bundle hoists
// module imports to start-up, and loading node:os costs the compiled binary 1–2 ms before the
// first request (docs/benchmarks.md, cold start). On Linux the kernel's hostname file answers
// what gethostname() would; elsewhere node:os is loaded on first use.
import { readFileSync } from "node:fs";

const os = () => process.getBuiltinModule("node:os") as typeof import("node:os");
let name: string | undefined;

/** The host name, as os.hostname() gives it (read once). */
export function hostname(): string {
  if (name === undefined) {
    try {
      name = readFileSync("/proc/sys/kernel/hostname", "utf8").trim();
    } catch {}
    if (!name) name = os().hostname();
  }
  return name;
}

export function homedir(): string {
  return os().homedir();
}
