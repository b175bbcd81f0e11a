// What the served billing runners (billing-*-eval.ts) share: their command line and the start of
// their config (billingEvalSetup, billingServerYaml), and what they print once the product has
// scanned a data set: precision/recall per document at high, per planted kind with its amount at
// risk (planted → estimated from a lookup of each planted document), the false alarms per kind of
// regular business, and the lookups that failed.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { falseAlarmsByKind } from "./metrics.ts";
import { flaggedAtHigh, type SignedCall, startServedBilling } from "./signed-call.ts";

/**
 * A billing runner's command line and its folder: `--seed` and `--port` (the defaults given),
 * `--out` (the folder, `out(seed)` by default, emptied and made), `--verbose`.
 */
export function billingEvalSetup(defaults: { seed: number; port: number; out: (seed: number) => string }) {
  const arg = (name: string): string | undefined => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const seed = Number(arg("--seed") ?? defaults.seed);
  const port = Number(arg("--port") ?? defaults.port);
  const dir = resolve(arg("--out") ?? defaults.out(seed));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return { seed, port, dir, verbose: process.argv.includes("--verbose") };
}

/** The start of a billing runner's assay.yaml: the server on `port`, its data under ./data, no dashboard. */
export function billingServerYaml(port: number): string {
  return `server: { host: 127.0.0.1, port: ${port}, access_log: false }
storage: { path: ./data/assay.db, synchronous: NORMAL }
security: { master_key_file: ./data/master.key }
reports: { dir: ./data/reports }
dashboard: { enabled: false }
`;
}

/** A planted leak as the generators label it. */
export interface PlantedLeak {
  document: string;
  kind: string;
  currency: string;
  amount_at_risk: number;
}

export async function reportServedBilling(o: {
  call: SignedCall;
  /** The connector scanned; several when the export is read two ways (a claim's billed charges
   *  and its payer's allowed amounts): a document is flagged when any of them flags it, and its
   *  estimate is the largest any of them gives. */
  connector: string | readonly string[];
  /** The modules each connector is scanned with, where not revenue_leakage and duplicate_detection
   *  (a payouts export judged by anomaly_detection). */
  modules?: Record<string, readonly string[]>;
  /** The export folder's labels.json: the planted leaks and each regular document's kind. */
  labels: { leaks: PlantedLeak[]; regular: Record<string, string> };
  leakKinds: readonly string[];
  /** The report's first line after "# ". */
  title: string;
  /** Where lookups.json (with verbose) and false-alarms.json are written. */
  dir: string;
  verbose: boolean;
  /** Also print precision/recall per document at medium and above (score ≥ 30). */
  medium?: boolean;
}): Promise<void> {
  const { call, labels, verbose, dir } = o;
  const connectors = typeof o.connector === "string" ? [o.connector] : o.connector;
  const cpu0 = process.cpuUsage();
  const flagged = new Map<string, { score: number; codes: Set<string> }>();
  let rejected = 0;
  for (const connector of connectors) {
    for (const [id, f] of await flaggedAtHigh(call, connector, o.modules?.[connector])) {
      const e = flagged.get(id) ?? { score: 0, codes: new Set<string>() };
      e.score = Math.max(e.score, f.score);
      for (const c of f.codes) e.codes.add(c);
      flagged.set(id, e);
    }
    const status = await call("GET", `/v1/connectors/${connector}/status`);
    rejected += status.json.mapping?.rejected_rows ?? 0;
  }
  // Per kind: planted documents found at high, and their amount at risk from a lookup.
  const leakDocs = new Set(labels.leaks.map((l) => l.document));
  // Lookups that did not answer 200 (their estimate counts as 0), and with --verbose each lookup.
  const lookupErrors = new Map<string, number>();
  const lookups: unknown[] = [];
  const perKind = new Map<string, { n: number; tp: number; truth: Record<string, number>; est: Record<string, number> }>();
  for (const l of labels.leaks) {
    const k = perKind.get(l.kind) ?? { n: 0, tp: 0, truth: {}, est: {} };
    k.n++;
    if (flagged.has(l.document)) k.tp++;
    let est = 0;
    // The modules that estimate an amount at risk, of those the connector is scanned with.
    for (const connector of connectors) for (const module of (o.modules?.[connector] ?? ["revenue_leakage", "duplicate_detection"]).filter((m) => m === "revenue_leakage" || m === "duplicate_detection")) {
      const r = await call("POST", "/v1/analyze", { connector, module, data: { transaction_id: l.document } });
      if (r.status !== 200) lookupErrors.set(`${r.status} ${r.json.code ?? ""}`, (lookupErrors.get(`${r.status} ${r.json.code ?? ""}`) ?? 0) + 1);
      if (verbose && module === "revenue_leakage") lookups.push({ document: l.document, kind: l.kind, truth: l.amount_at_risk, estimate: Number(r.json.amount_at_risk?.amount ?? 0), codes: (r.json.anomalies ?? []).map((a: { code: string }) => a.code) });
      est = Math.max(est, Number(r.json.amount_at_risk?.amount ?? 0));
    }
    k.truth[l.currency] = (k.truth[l.currency] ?? 0) + l.amount_at_risk;
    k.est[l.currency] = (k.est[l.currency] ?? 0) + est;
    perKind.set(l.kind, k);
    if (verbose && !flagged.has(l.document)) console.log(`missed ${l.kind} ${l.document}`);
  }
  const fpByKind = falseAlarmsByKind(flagged, leakDocs, labels.regular);
  let atMedium = "";
  if (o.medium) {
    const medium = new Set<string>();
    for (const connector of connectors) for (const id of (await flaggedAtHigh(call, connector, o.modules?.[connector], 30)).keys()) medium.add(id);
    const mtp = [...leakDocs].filter((d) => medium.has(d)).length;
    const mfp = medium.size - mtp;
    atMedium = `at medium and above: precision ${(mtp / Math.max(1, medium.size)).toFixed(3)}, recall ${(mtp / labels.leaks.length).toFixed(3)} (TP ${mtp}, FP ${mfp}, FN ${labels.leaks.length - mtp})\n`;
  }
  const cpu = process.cpuUsage(cpu0);
  const tp = [...perKind.values()].reduce((s, k) => s + k.tp, 0);
  const fp = [...fpByKind.values()].reduce((s, k) => s + k.length, 0);
  console.log(`# ${o.title}, rejected rows ${rejected}`);
  console.log(`\nat high: precision ${(tp / Math.max(1, tp + fp)).toFixed(3)}, recall ${(tp / labels.leaks.length).toFixed(3)} (TP ${tp}, FP ${fp}, FN ${labels.leaks.length - tp})\n${atMedium}`);
  console.log("| kind | planted | found at high | recall | amount at risk: planted → estimated (error) |\n|---|---:|---:|---:|---|");
  for (const kind of o.leakKinds) {
    const k = perKind.get(kind);
    if (!k) continue;
    const amounts = Object.entries(k.truth).map(([c, truth]) => {
      const est = k.est[c] ?? 0;
      return `${c} ${truth.toFixed(2)} → ${est.toFixed(2)}${truth ? ` (${(((est - truth) / truth) * 100).toFixed(1)} %)` : ""}`;
    }).join("; ");
    console.log(`| ${kind} | ${k.n} | ${k.tp} | ${(k.tp / k.n).toFixed(3)} | ${amounts} |`);
  }
  const regularCount = new Map<string, number>();
  for (const v of Object.values(labels.regular)) regularCount.set(v, (regularCount.get(v) ?? 0) + 1);
  console.log("\n| regular business | documents | flagged at high |\n|---|---:|---:|");
  for (const [kind, n] of [...regularCount].sort()) console.log(`| ${kind} | ${n} | ${fpByKind.get(kind)?.length ?? 0} |`);
  if (fpByKind.has("unlabelled")) console.log(`| unlabelled | – | ${fpByKind.get("unlabelled")!.length} |`);
  if (lookupErrors.size > 0) console.log(`\nlookups not answered 200: ${[...lookupErrors].map(([k, n]) => `${k} × ${n}`).join(", ")}`);
  if (verbose) writeFileSync(join(dir, "lookups.json"), JSON.stringify(lookups, null, 1));
  writeFileSync(join(dir, "false-alarms.json"), JSON.stringify(Object.fromEntries(fpByKind), null, 1));
  if (verbose) for (const [kind, list] of fpByKind) console.log(`FP ${kind}: ${list.slice(0, 8).join(" | ")}`);
  console.log(`\nclient CPU ${(cpu.user / 1e6).toFixed(1)} s`);
}

/**
 * A billing runner's served run: its config written to `dir`/assay.yaml, the product started on
 * it (a key minted for an account named `accountName`), `run` given the signed caller and the
 * export's labels.json, the server stopped whatever happens.
 */
export async function withServedBilling<L>(
  o: { dir: string; port: number; config: string; accountName: string },
  run: (call: SignedCall, labels: { leaks: L[]; regular: Record<string, string> }) => Promise<void>,
): Promise<void> {
  const configFile = join(o.dir, "assay.yaml");
  writeFileSync(configFile, o.config);
  const repo = resolve(import.meta.dir, "../..");
  const { call, server } = await startServedBilling({ repo, dir: o.dir, configFile, port: o.port, accountName: o.accountName });
  try {
    await run(call, JSON.parse(readFileSync(join(o.dir, "export", "labels.json"), "utf8")));
  } finally {
    server.kill();
    await server.exited;
  }
}
