// PostgreSQL migrations: the same versions and names as the SQLite ones (src/store/migrations),
// in PostgreSQL's dialect. Never edit one that has shipped; add the next number instead.
import type { Migration } from "../../migrations/index.ts";
import { m001_core } from "./001_core.ts";
import { m002_analyses } from "./002_analyses.ts";
import { m003_alerts } from "./003_alerts.ts";
import { m004_reports } from "./004_reports.ts";
import { m005_report_indexes } from "./005_report_indexes.ts";
import { m006_idempotency_recovery } from "./006_idempotency_recovery.ts";
import { m007_meta_health } from "./007_meta_health.ts";
import { m010_users } from "./010_users.ts";
import { m011_usage } from "./011_usage.ts";
import { m012_alert_event_user } from "./012_alert_event_user.ts";
import { m020_learned_models } from "./020_learned_models.ts";
import { m021_alert_suppressions } from "./021_alert_suppressions.ts";
import { m030_shared_state } from "./030_shared_state.ts";
import { m031_drop_analyses_time_index } from "./031_drop_analyses_time_index.ts";
import { m032_idempotency_claim_token } from "./032_idempotency_claim_token.ts";

export const PG_MIGRATIONS: Migration[] = [m001_core, m002_analyses, m003_alerts, m004_reports, m005_report_indexes, m006_idempotency_recovery, m007_meta_health, m010_users, m011_usage, m012_alert_event_user, m020_learned_models, m021_alert_suppressions, m030_shared_state, m031_drop_analyses_time_index, m032_idempotency_claim_token];
