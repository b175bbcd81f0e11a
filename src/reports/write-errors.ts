// What a report's failure says when its file cannot be written: the operator's disk or folder,
// not a defect of Assay. The client reads a stable code and what to fix; the errno and the path
// go to the server log only (report errors never carry paths).
import { ReportError } from "./types.ts";

/** The errno codes a file system gives for a folder or disk that cannot take the report. */
const REASONS: Record<string, string> = {
  ENOSPC: "no space left on the disk that holds reports.dir",
  EDQUOT: "the disk quota of the disk that holds reports.dir is used up",
  EFBIG: "the report's file grew past what the disk that holds reports.dir allows",
  ENOTDIR: "reports.dir is not a folder (a file is in its place)",
  EEXIST: "reports.dir is not a folder (a file is in its place)",
  EISDIR: "a folder is in the place of the report's file in reports.dir",
  ENOENT: "reports.dir was removed while the report was written",
  EACCES: "reports.dir is not writable by the server's user",
  EPERM: "reports.dir is not writable by the server's user",
  EROFS: "reports.dir is on a read-only disk",
  EIO: "the disk that holds reports.dir failed to write (I/O error)",
};

export const REPORT_WRITE_FAILED = "report_write_failed";

/** An error of the file system while the report's file was written, as the report's failure. */
export function reportWriteError(e: unknown): ReportError {
  const code = (e as { code?: unknown })?.code;
  const reason = typeof code === "string" ? (REASONS[code] ?? `the report's file could not be written in reports.dir (${code})`) : "the report's file could not be written in reports.dir";
  return new ReportError(REPORT_WRITE_FAILED, `${reason}; the operator must fix it, then create the report again`, e);
}

/** True for an error of the file system (it carries an errno code). */
export function isFileSystemError(e: unknown): boolean {
  return typeof (e as { code?: unknown })?.code === "string" && typeof (e as { errno?: unknown })?.errno === "number";
}
