// Analysts' resolutions as labels: an alert resolved or dismissed as `confirmed` marks its
// transaction as a real problem, one closed as `false_positive` as a false alarm. Other
// resolutions (duplicate, accepted_risk, …) say nothing about the detection and are not labels.
// `assay simulate` and `assay learn` measure and fit against these.
import type { Labels } from "../domain/simulation.ts";
import type { AlertRecord, AlertStatus, Store } from "../store/types.ts";

export interface LabelledAlert {
  transaction_id: string;
  label: boolean;
  alert: AlertRecord;
}

/** The resolved alerts of a connector (one account's, or every account's for the admin CLI) with a label. */
export async function labelledAlerts(store: Store, q: { connector: string; accountId?: string }): Promise<LabelledAlert[]> {
  const out: LabelledAlert[] = [];
  for (const status of ["resolved", "dismissed"] as AlertStatus[]) {
    let after: string | undefined;
    for (;;) {
      const page = await store.alerts.list({ account_id: q.accountId, connector: q.connector, status, starting_after: after, limit: 100 });
      for (const alert of page.data) {
        const label = alert.resolution === "confirmed" ? true : alert.resolution === "false_positive" ? false : undefined;
        if (label !== undefined && alert.transaction_id) out.push({ transaction_id: alert.transaction_id, label, alert });
      }
      if (!page.has_more || page.data.length === 0) break;
      after = page.data[page.data.length - 1]!.id;
    }
  }
  return out;
}

/** Transaction id → label; when several alerts of one transaction disagree, the latest closed wins. */
export async function resolutionLabels(store: Store, q: { connector: string; accountId?: string }): Promise<Map<string, boolean>> {
  const alerts = await labelledAlerts(store, q);
  alerts.sort((a, b) => (closedAt(a.alert) < closedAt(b.alert) ? -1 : 1));
  return new Map(alerts.map((a) => [a.transaction_id, a.label]));
}

function closedAt(a: AlertRecord): string {
  return a.resolved_at ?? a.dismissed_at ?? a.updated_at;
}

/**
 * A labels file: CSV with a header naming `transaction_id` and `label`; a label is 1/true/yes/
 * confirmed (a real problem) or 0/false/no/false_positive. Throws naming the line of a bad row.
 */
export function parseLabelsCsv(text: string, file: string): Labels {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0) throw new Error(`${file}: empty (expected a header with transaction_id,label)`);
  const header = lines[0]!.split(",").map((h) => h.trim().replace(/^"|"$/g, "").toLowerCase());
  const idCol = header.indexOf("transaction_id");
  const labelCol = header.indexOf("label");
  if (idCol < 0 || labelCol < 0) throw new Error(`${file}:1: the header must name transaction_id and label (got ${header.join(",")})`);
  const out = new Map<string, boolean>();
  lines.slice(1).forEach((line, i) => {
    const cells = line.split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
    const id = cells[idCol];
    const raw = (cells[labelCol] ?? "").toLowerCase();
    const label = ["1", "true", "yes", "confirmed"].includes(raw) ? true : ["0", "false", "no", "false_positive"].includes(raw) ? false : undefined;
    if (!id || label === undefined) throw new Error(`${file}:${i + 2}: expected a transaction id and a label of 1/0, true/false or confirmed/false_positive`);
    out.set(id, label);
  });
  return out;
}
