import type { Migration } from "./index.ts";

// Filled in by the analyses feature.
export const m002_analyses: Migration = {
  version: 2,
  name: "analyses",
  up: `SELECT 1;`,
};
