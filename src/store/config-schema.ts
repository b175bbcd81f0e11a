// The `storage:` section of the config file: which database holds Assay's own data.
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const StorageSection = Type.Object(
  {
    driver: Type.Union([Type.Literal("sqlite")], { default: "sqlite" }),
    path: Type.String({ default: "./data/assay.db", minLength: 1 }),
    /** FULL: a committed write survives power loss. NORMAL (WAL): survives a process crash. */
    synchronous: Type.Union([Type.Literal("FULL"), Type.Literal("NORMAL")], { default: "FULL" }),
    busy_timeout_ms: Type.Integer({ default: 5000, minimum: 0, maximum: 600_000 }),
    /** quick: PRAGMA quick_check at start-up, refusing a corrupt file (`assay doctor` runs the full check); off: skip it. */
    startup_check: Type.Union([Type.Literal("quick"), Type.Literal("off")], { default: "quick" }),
  },
  { ...closed, default: {} },
);

export type StorageConfig = Static<typeof StorageSection>;
