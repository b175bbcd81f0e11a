// What a SQLite source's path is when it is not a regular file, in words for a message; undefined
// for a regular file (or one that is gone: opening it says so). A named pipe's open waits for a
// writer, on the thread bun:sqlite runs on; a device or a folder is no database either.
import { statSync } from "node:fs";

export function notARegularFile(path: string): string | undefined {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path);
  } catch {
    return undefined;
  }
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return "a folder: name the database file in it";
  return "not a regular file (a named pipe or a device): name the database file";
}
