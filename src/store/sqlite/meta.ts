import type { Database } from "bun:sqlite";
import type { MetaRepository } from "../types.ts";
import { guarded } from "./database.ts";

export class SqliteMetaRepository implements MetaRepository {
  constructor(private readonly db: Database) {}

  get(key: string) {
    return guarded(() => {
      const row = this.db.query<{ value: Uint8Array }, [string]>("SELECT value FROM meta WHERE key = ?").get(key);
      return row ? new Uint8Array(row.value) : null;
    });
  }

  putIfAbsent(key: string, value: Uint8Array) {
    return guarded(() =>
      this.db.transaction(() => {
        this.db.query("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)").run(key, value);
        return new Uint8Array(this.db.query<{ value: Uint8Array }, [string]>("SELECT value FROM meta WHERE key = ?").get(key)!.value);
      }).immediate(),
    );
  }
}
