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
  },
  { ...closed, default: {} },
);

export type StorageConfig = Static<typeof StorageSection>;
