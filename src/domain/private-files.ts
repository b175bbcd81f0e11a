// Folders and files only Assay's own user may read: the database (password hashes, sealed API
// secrets, every analysed transaction) and its -wal and -shm files, backups, report files, the
// master key's folder. Their modes are set here, not left to the umask of whoever ran the command:
// an operator's shell (umask 022) made them readable by every local user. Existing folders and
// files keep the modes they have: an operator who chose another one keeps it.
import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync } from "node:fs";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` and its missing parents 0700; an existing folder is left as it is. */
export function ensurePrivateDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates `file` empty and 0600, or empties an existing one and makes it 0600 (`exclusive`: fails
 * with EEXIST instead when it exists); a writer opened on it afterwards keeps that mode.
 */
export function createPrivateFile(file: string, options: { exclusive?: boolean } = {}): void {
  const fd = openSync(file, options.exclusive ? "wx" : "w", PRIVATE_FILE_MODE);
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE); // an existing file keeps its mode through open(): set it
  } finally {
    closeSync(fd);
  }
}

/** Makes a file this process has just created 0600 (SQLite creates its database itself). */
export function makePrivate(file: string): void {
  chmodSync(file, PRIVATE_FILE_MODE);
}
