// `assay install [--prefix DIR]`: copies the running binary into a folder on the PATH, so the
// `assay …` commands the docs and `assay demo` print work as printed. Only the compiled binary
// can install itself; from source, `make build` first.
import { accessSync, constants, copyFileSync, chmodSync, existsSync, mkdirSync, renameSync } from "node:fs";
import { homedir } from "../domain/host.ts";
import { delimiter, join, resolve } from "node:path";
import { type CliIO, CliFailure } from "./common.ts";
import type { Args } from "./framework.ts";

/** Compiled Bun executables run their entry point from the embedded `/$bunfs/` file system. */
export function runningCompiled(): boolean {
  return Bun.main.startsWith("/$bunfs/") || /^[A-Z]:\\~BUN\\/.test(Bun.main);
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export async function install(a: Args, io: CliIO) {
  if (!runningCompiled()) throw new CliFailure("run this from the built binary: `make build && dist/assay install` (or `make install-bin`)");
  const prefix = a.string("prefix");
  const dir = resolve(prefix ?? (writable("/usr/local/bin") ? "/usr/local/bin" : join(homedir(), ".local", "bin")));
  mkdirSync(dir, { recursive: true });
  if (!writable(dir)) throw new CliFailure(`cannot write to ${dir}: run with sudo, or choose a folder with --prefix`);
  const target = join(dir, "assay");
  // Copy beside the target, then rename: a running `assay` keeps its old file intact.
  const temp = `${target}.${process.pid}.tmp`;
  copyFileSync(process.execPath, temp);
  chmodSync(temp, 0o755);
  renameSync(temp, target);
  const onPath = (io.env.PATH ?? "").split(delimiter).some((p) => p && resolve(p) === dir);
  if (a.json) io.out(JSON.stringify({ installed: target, on_path: onPath }));
  else {
    io.out(`installed ${target}`);
    if (!onPath) io.out(`${dir} is not on your PATH: add it, e.g. echo 'export PATH="${dir}:$PATH"' >> ~/.profile`);
  }
  if (!existsSync(target)) throw new CliFailure(`${target} is missing after the copy`);
}
