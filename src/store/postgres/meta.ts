import type { MetaRepository } from "../types.ts";
import { one, type PgDatabase } from "./pool.ts";

export class PgMetaRepository implements MetaRepository {
  constructor(private readonly db: PgDatabase) {}

  get(key: string) {
    return this.db.run(async (sql) => {
      const row = await one<{ value: Uint8Array }>(sql, "SELECT value FROM meta WHERE key = $1", [key]);
      return row ? new Uint8Array(row.value) : null;
    });
  }

  putIfAbsent(key: string, value: Uint8Array) {
    return this.db.run(async (sql) => {
      // Two nodes starting at once: the first value wins and both read it back.
      await sql.unsafe("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [key, Buffer.from(value)]);
      const row = await one<{ value: Uint8Array }>(sql, "SELECT value FROM meta WHERE key = $1", [key]);
      return new Uint8Array(row!.value);
    });
  }
}
