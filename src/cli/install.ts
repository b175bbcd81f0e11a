// `assay install [--prefix DIR]`: copies the running binary into a folder on the PATH, so the
// `assay …` commands the docs and `assay demo` print work as printed. Only the compiled binary
// can install itself; from source, `make build` first.
import { accessSync, constants, copyFileSync, chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { homedir } from "../domain/host.ts";
import { delimiter, join, resolve } from "node:path";
import { type CliIO, CliFailure, UsageError } from "./common.ts";
import { writeReason } from "./out-file.ts";
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
  const prefix = a.string("prefix");
  // `--prefix "$PREFIX"` with the variable unset installed into the current folder.
  if (prefix !== undefined && prefix.trim() === "") throw new UsageError(`--prefix: expected a folder (got "${prefix}")`);
  if (!runningCompiled()) throw new CliFailure("run this from the built binary: `make build && dist/assay install` (or `make install-bin`)");
  const dir = resolve(prefix ?? (writable("/usr/local/bin") ? "/usr/local/bin" : join(homedir(), ".local", "bin")));
  const target = installCopy(process.execPath, dir);
  const onPath = (io.env.PATH ?? "").split(delimiter).some((p) => p && resolve(p) === dir);
  if (a.json) io.out(JSON.stringify({ installed: target, on_path: onPath }));
  else {
    io.out(`installed ${target}`);
    if (!onPath) io.out(`${dir} is not on your PATH: add it, e.g. echo 'export PATH="${dir}:$PATH"' >> ~/.profile`);
  }
  if (!existsSync(target)) throw new CliFailure(`${target} is missing after the copy`);
}

/**
 * Copies `source` to `dir`/assay and returns that path. The copy is made beside the target, then
 * renamed, so a running `assay` keeps its old file intact. A copy that fails is removed: on a full
 * disk the partial `assay.<pid>.tmp` (as large as the room left) stayed behind, keeping the disk
 * full for everything else on it, and the error was the bare errno.
 */
export function installCopy(source: string, dir: string): string {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new CliFailure(`cannot install into ${dir}: it is not a folder; name a folder with --prefix`);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new CliFailure(`cannot install into ${dir}: ${writeReason(e)}`);
  }
  if (!writable(dir)) throw new CliFailure(`cannot write to ${dir}: run with sudo, or choose a folder with --prefix`);
  const target = join(dir, "assay");
  const temp = `${target}.${process.pid}.tmp`;
  try {
    copyFileSync(source, temp);
    chmodSync(temp, 0o755);
    renameSync(temp, target);
  } catch (e) {
    rmSync(temp, { force: true });
    throw new CliFailure(`cannot install ${target}: ${writeReason(e)}; nothing was changed there`);
  }
  return target;
}
