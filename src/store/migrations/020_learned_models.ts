import type { Migration } from "./index.ts";

// Per-connector detector weights and decision threshold fitted to analysts' resolutions by
// `assay learn`. Versioned: each fit is a new row; one per connector is active (the engine's),
// `assay learn --rollback` retires it and re-activates the one before.
export const m020_learned_models: Migration = {
  version: 20,
  name: "learned models: versioned per-connector weights and threshold",
  up: `
    CREATE TABLE learned_models (
      id TEXT PRIMARY KEY,
      connector TEXT NOT NULL,
      version INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('active', 'retired', 'rolled_back')),
      threshold REAL NOT NULL,
      weights TEXT NOT NULL,
      metrics TEXT NOT NULL,
      labels INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (connector, version)
    );
    CREATE UNIQUE INDEX learned_models_one_active ON learned_models(connector) WHERE status = 'active';
  `,
};
