import type { Migration } from "../../migrations/index.ts";
import { REAL, T } from "./types.ts";

// Versioned per-connector weights and threshold fitted by `assay learn` (see the SQLite migration).
export const m020_learned_models: Migration = {
  version: 20,
  name: "learned models: versioned per-connector weights and threshold",
  up: `
    CREATE TABLE learned_models (
      id ${T} PRIMARY KEY,
      connector ${T} NOT NULL,
      version INTEGER NOT NULL,
      status ${T} NOT NULL CHECK (status IN ('active', 'retired', 'rolled_back')),
      threshold ${REAL} NOT NULL,
      weights ${T} NOT NULL,
      metrics ${T} NOT NULL,
      labels INTEGER NOT NULL,
      created_at ${T} NOT NULL,
      UNIQUE (connector, version)
    );
    CREATE UNIQUE INDEX learned_models_one_active ON learned_models(connector) WHERE status = 'active';
  `,
};
