// What the ledger runners read of a served anomaly_detection scan, grouped by what they judge (a
// document, a journal, a QuickBooks transaction: several lines each): the highest risk level of
// each group's flagged lines, and the findings on its lines.

/** Risk levels and severities in order. */
export const RISK_RANK: Readonly<Record<string, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

/** The highest risk level among each group's flagged lines (`groupOf`: undefined for a line of no group). */
export function highestLevelBy(flagged: readonly { transaction_id: string; risk_level: string }[] | undefined, groupOf: (line: string) => string | undefined): Map<string, string> {
  const levelOf = new Map<string, string>();
  for (const f of flagged ?? []) {
    const group = groupOf(f.transaction_id);
    if (group === undefined) continue;
    const prev = levelOf.get(group);
    if (!prev || RISK_RANK[f.risk_level]! > RISK_RANK[prev]!) levelOf.set(group, f.risk_level);
  }
  return levelOf;
}

type Finding = { transaction_id: string; code: string; severity: string; message?: string };

/** The codes of each group's findings of high severity or above. */
export function highCodesBy(findings: readonly Finding[] | undefined, groupOf: (line: string) => string | undefined): Map<string, Set<string>> {
  const codesOf = new Map<string, Set<string>>();
  for (const a of findings ?? []) {
    if (a.severity !== "high" && a.severity !== "critical") continue;
    const group = groupOf(a.transaction_id);
    if (group === undefined) continue;
    const set = codesOf.get(group) ?? new Set<string>();
    set.add(a.code);
    codesOf.set(group, set);
  }
  return codesOf;
}

/** Each group's findings of medium severity or above: code → "<severity> <message>", the most severe kept (what raised it). */
export function findingsBy(findings: readonly Finding[] | undefined, groupOf: (line: string) => string | undefined): Map<string, Map<string, string>> {
  const codesOf = new Map<string, Map<string, string>>();
  for (const a of findings ?? []) {
    if ((RISK_RANK[a.severity] ?? 0) < 1) continue;
    const group = groupOf(a.transaction_id);
    if (group === undefined) continue;
    const m = codesOf.get(group) ?? new Map<string, string>();
    if (!m.has(a.code) || (RISK_RANK[a.severity] ?? 0) > (RISK_RANK[m.get(a.code)!.split(" ")[0]!] ?? 0)) m.set(a.code, `${a.severity} ${a.message ?? ""}`);
    codesOf.set(group, m);
  }
  return codesOf;
}

/** Counts with precision, recall and F1 as the ledger runners print them (precision 1 when nothing
 *  was flagged, recall 1 when nothing was planted; bench/quality/metrics.ts's prf scores a scan
 *  that flags nothing but misses something at precision 0). */
export function scores(tp: number, fp: number, fn: number) {
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return { tp, fp, fn, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** A row a one-row-per-transaction runner judges (a card charge, a payroll payment): its id, the
 *  kind of business it is and, when planted, its anomaly. */
export interface LabelledRow {
  id: string;
  kind: string;
  anomaly?: string;
}

type Flagged = { transaction_id: string; risk_level: string };

/**
 * A served scan judged row by row at high (`high`) and at medium or above (`medium`): a row
 * planted with one of the `relevant` anomalies counts as found when it is flagged at that level,
 * an unplanted one flagged there is a false alarm (by its kind and by the codes that reached the
 * level). A row planted with another anomaly counts neither way. `describe` names a row's
 * person and what it was, for the lists of misses and false alarms. `rowOf` maps a scanned
 * transaction to the row it belongs to (a journal's lines to the journal; by default itself).
 */
export function judgeRows<R extends LabelledRow>(
  rows: readonly R[],
  result: { flagged_transactions?: Flagged[]; anomalies?: Finding[] },
  relevant: readonly string[],
  describe: (row: R) => { who: string; what: string },
  rowOf: (transactionId: string) => string | undefined = (id) => id,
) {
  const levelOf = highestLevelBy(result.flagged_transactions, rowOf);
  const codesOf = findingsBy(result.anomalies, rowOf);
  const at = (min: number) => {
    let tp = 0, fp = 0, fn = 0;
    const falseByKind: Record<string, number> = {};
    const falseByCode: Record<string, number> = {};
    const found: Record<string, number> = {};
    const planted: Record<string, number> = {};
    const falseAlarms: { id: string; kind: string; who: string; what: string; codes: string[] }[] = [];
    const misses: typeof falseAlarms = [];
    for (const t of rows) {
      const flagged = (RISK_RANK[levelOf.get(t.id) ?? "low"] ?? 0) >= min;
      const codeMap = codesOf.get(t.id) ?? new Map<string, string>();
      const codes = [...codeMap.entries()].map(([c, m]) => `${c} (${m})`);
      if (t.anomaly && relevant.includes(t.anomaly)) {
        planted[t.anomaly] = (planted[t.anomaly] ?? 0) + 1;
        if (flagged) { tp++; found[t.anomaly] = (found[t.anomaly] ?? 0) + 1; }
        else { fn++; misses.push({ id: t.id, kind: t.anomaly, ...describe(t), codes }); }
      } else if (flagged && !t.anomaly) {
        fp++;
        falseByKind[t.kind] = (falseByKind[t.kind] ?? 0) + 1;
        for (const [c, m] of codeMap) if ((RISK_RANK[m.split(" ")[0]!] ?? 0) >= min) falseByCode[c] = (falseByCode[c] ?? 0) + 1;
        falseAlarms.push({ id: t.id, kind: t.kind, ...describe(t), codes });
      }
    }
    const perKind = Object.fromEntries(relevant.map((k) => [k, `${found[k] ?? 0}/${planted[k] ?? 0}`]));
    return { ...scores(tp, fp, fn), perKind, falseByKind, falseByCode, falseAlarms, misses };
  };
  return { high: at(2), medium: at(1) };
}

/** judgeRows' figures as the runners print them: precision and recall at high and medium, the
 *  false alarms by kind and code, and with `verbose` each false alarm and miss at high. */
export function printJudged(j: ReturnType<typeof judgeRows>, verbose: boolean) {
  const f = (x: number) => x.toFixed(3);
  for (const [name, m] of [["high", j.high], ["medium", j.medium]] as const) {
    console.log(`  ${name}: precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)}  tp/fp/fn ${m.tp}/${m.fp}/${m.fn}  found per kind ${JSON.stringify(m.perKind)}`);
  }
  console.log(`  false alarms at high by kind: ${JSON.stringify(j.high.falseByKind)}`);
  console.log(`  false alarms at high by code: ${JSON.stringify(j.high.falseByCode)}`);
  console.log(`  false alarms at medium by kind: ${JSON.stringify(j.medium.falseByKind)}`);
  if (!verbose) return;
  const who = (x: { who: string; what: string }) => [x.who, x.what].filter(Boolean).join(" ");
  for (const fa of j.high.falseAlarms) console.log(`    FP ${fa.id} ${fa.kind} ${who(fa)}: ${fa.codes.join(" | ")}`);
  for (const m of j.high.misses) console.log(`    MISS ${m.id} ${m.kind} ${who(m)}: ${m.codes.join(" | ") || "(nothing at medium or above)"}`);
}
