// Damages a SQLite database the way a bad disk does, for the corruption tests: the root page of
// one table is overwritten (the file header stays valid, so the file still opens).
import { Database } from "bun:sqlite";
import { closeSync, openSync, writeSync } from "node:fs";

export function garbleTableRoot(path: string, table = "alerts") {
  const db = new Database(path);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const pageSize = (db.query("PRAGMA page_size").get() as { page_size: number }).page_size;
  const root = (db.query("SELECT rootpage FROM sqlite_master WHERE name = ?").get(table) as { rootpage: number }).rootpage;
  db.close();
  const fd = openSync(path, "r+");
  writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (root - 1) * pageSize);
  closeSync(fd);
}
