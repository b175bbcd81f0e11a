// A file a command writes where the operator says (`assay reports create --wait --out FILE`):
// checked before the work that fills it, and a failed write said in words with the path. Before
// (tenth attack pass), a folder, a path under a file or under a missing folder each let the report
// run first, then failed with the bare errno text of the copy (`EISDIR: illegal operation on a
// directory, copyfile …`). Named pipes and devices are written as they are: `--out /dev/stdout`
// into a pipe is a use.
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { CliFailure } from "./common.ts";

/** Throws a CliFailure naming what `out` is when a file cannot be written there. */
export function checkOutFile(out: string): void {
  const target = statOrNotFolder(out); // through a symbolic link
  if (target === "not a folder") throw new CliFailure(`--out: ${dirname(out)} is not a folder; choose another --out`);
  if (target?.isDirectory()) throw new CliFailure(`--out ${out} is a folder: name the file to write in it`);
  if (target) return;
  const folder = dirname(out);
  const parent = statOrNotFolder(folder);
  if (!parent) throw new CliFailure(`--out: the folder ${folder} does not exist; create it first (mkdir -p) or choose another --out`);
  if (parent === "not a folder" || !parent.isDirectory()) throw new CliFailure(`--out: ${folder} is not a folder; choose another --out`);
}

/** The path's stat, undefined when nothing is there, or "not a folder" when a file is part of its path. */
function statOrNotFolder(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOTDIR") return "not a folder" as const;
    throw e;
  }
}

const REASONS: Record<string, string> = {
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  EACCES: "permission denied",
  EPERM: "not permitted",
  EROFS: "the file system is read-only",
  EISDIR: "it is a folder",
  ENOTDIR: "a part of the path is not a folder",
  ENOENT: "the folder does not exist",
  EIO: "an input/output error of the device",
};

/** Why a write failed, in words, with the errno code for a search: "no space left on the device (ENOSPC)". */
export function writeReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code ?? "";
  const reason = REASONS[code] ?? String((e as Error)?.message ?? e);
  return `${reason}${code && REASONS[code] ? ` (${code})` : ""}`;
}

/** Why writing `out` failed, in words, with the errno code for a search. */
export function writeFailure(out: string, e: unknown, kept: string): CliFailure {
  return new CliFailure(`cannot write ${out}: ${writeReason(e)}; the report is kept at ${kept}`);
}
