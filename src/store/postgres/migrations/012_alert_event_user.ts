import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

// An alert change made from the dashboard names its user (see the SQLite migration of the same number).
export const m012_alert_event_user: Migration = {
  version: 12,
  name: "dashboard: alert events name the dashboard user",
  up: `ALTER TABLE alert_events ADD COLUMN actor_user ${T};`,
};
