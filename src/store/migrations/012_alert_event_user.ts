import type { Migration } from "./index.ts";

// An alert change made from the dashboard names its user (actor_type 'user').
export const m012_alert_event_user: Migration = {
  version: 12,
  name: "dashboard: alert events name the dashboard user",
  up: `ALTER TABLE alert_events ADD COLUMN actor_user TEXT;`,
};
