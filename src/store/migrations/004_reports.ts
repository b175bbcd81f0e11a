import type { Migration } from "./index.ts";

// Filled in by the reports feature.
export const m004_reports: Migration = {
  version: 4,
  name: "reports",
  up: `SELECT 1;`,
};
