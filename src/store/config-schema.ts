// The `storage` section: which engine holds Assay's state. SQLite (embedded, the default) needs
// nothing else; PostgreSQL lets several `assay serve` nodes share one database.
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const StorageSection = Type.Object(
  {
    driver: Type.Union([Type.Literal("sqlite"), Type.Literal("postgres")], { default: "sqlite" }),
    /** SQLite: the database file. */
    path: Type.String({ default: "./data/assay.db", minLength: 1 }),
    /** SQLite. FULL: a committed write survives power loss. NORMAL (WAL): survives a process crash. */
    synchronous: Type.Union([Type.Literal("FULL"), Type.Literal("NORMAL")], { default: "FULL" }),
    /** SQLite: how long a writer waits for another process's lock. */
    busy_timeout_ms: Type.Integer({ default: 5000, minimum: 0, maximum: 600_000 }),
    /** SQLite. quick: PRAGMA quick_check at start-up, refusing a corrupt file (`assay doctor` runs the full check); off: skip it. */
    startup_check: Type.Union([Type.Literal("quick"), Type.Literal("off")], { default: "quick" }),
    /** PostgreSQL: postgres://user:password@host:5432/database (usually `${ASSAY_DATABASE_URL}`). */
    url: Type.Optional(Type.String({ minLength: 1 })),
    /** PostgreSQL: connections per node. */
    pool: Type.Integer({ default: 10, minimum: 1, maximum: 500 }),
    /**
     * Recorded analyses older than this many days are deleted (hourly, in batches); 0 keeps them
     * for ever. At least 31 days: an Idempotency-Key replay may rebuild its answer from one.
     */
    analyses_retention_days: Type.Union([Type.Literal(0), Type.Number({ minimum: 31, maximum: 36_500 })], { default: 400 }),
  },
  { ...closed, default: {} },
);

export type StorageConfig = Static<typeof StorageSection>;
