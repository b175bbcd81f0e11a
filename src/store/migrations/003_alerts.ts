import type { Migration } from "./index.ts";

// Filled in by the alerts feature.
export const m003_alerts: Migration = {
  version: 3,
  name: "alerts",
  up: `SELECT 1;`,
};
