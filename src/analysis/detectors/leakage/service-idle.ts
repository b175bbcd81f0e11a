// A status column on a bill saying its premise or service was not in use that period — a utility's
// vacant premise, a line disconnected, a hauler's site on a seasonal suspension (`Service Status:
// Suspended`, a suspension fee billed instead of the service): nothing to meter, no usage missed
// (usage-stopped.ts, component-missing.ts), and no scheduled charge due (unbilled-recurring.ts).
import type { Transaction } from "../../../domain/transaction.ts";
import { markerMatcher } from "./markers.ts";

/** The status value (as the export wrote it) saying the document's service was not in use, or undefined. */
export const idleStatus: (txn: Transaction) => string | undefined = markerMatcher(
  ["premise_status", "premise_occupancy", "occupancy", "occupancy_status", "service_status", "sa_status", "account_status", "meter_status", "line_status", "subscription_status"],
  ["vacant", "unoccupied", "inactive", "idle", "suspended", "seasonal_suspension", "seasonally_suspended", "disconnected", "stopped", "pending_stop", "off", "paused"],
);
