// amount_outlier_customer / amount_outlier_sku / amount_outlier_attribute: an amount far above
// what is usual in its context — for the counterparty, for the SKU of a line, for a value of a
// categorical field (an account, a user, a document type...) — always within the transaction's
// currency. "Usual" is robust: the median and MAD of log amounts (money is multiplicative; a few
// earlier outliers cannot hide a new one the way they would inflate a standard deviation).
//
// Regular business explains itself: when the same user has posted in that context before (at
// least routine_min_history times) and the amount is ordinary for that routine, the context's
// alarm is explained (a payroll run posting hundreds of times an ordinary amount to the bank
// account, a quarter-end accrual to an expense account). A context with too little history says
// nothing. Amounts are compared within a currency and, where a field determines the currency
// (a company code), within that company (amount-contexts.ts). Of the unexplained contexts, the strongest is reported and the others are listed.
//
// Evidence: from the robust z-score (threshold → 0.5, twice the threshold → 1) and from the
// ratio to the usual (25× → 0.7, enough for "high" on its own; 100× → 1), whichever is
// stronger, plus a little for each further context that agrees. Proves no loss: amount at risk 0.
import type { AmountContexts, ContextSummary, OrdinaryBands, ScopeContexts } from "../../amount-contexts.ts";
import type { HistoryEntry, HistoryStats } from "../../history.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import { postingsAtLeast, userOf } from "../../amount-contexts.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import type { DetectorCode } from "../../catalog.ts";
import { fieldReader } from "../../fields.ts";
import { round2, roundMoney } from "../../../domain/rounding.ts";
import { logAmount, ramp, round4 } from "../../stats.ts";
import type { Detector, Finding } from "../types.ts";
import { ownLevel, ratioSupport } from "./support.ts";
import { DAY_MS } from "../../dates.ts";

/** A routine's spread is floored: a run of near-identical amounts still tolerates some growth. */
const ROUTINE_MIN_SCALE = 0.25;

/** Postings of the context at a third of the amount or more that make it a level seen before. */
const PEERS_EXPLAIN = 3;
const PEER_FACTOR = Math.log(3);

interface Alarm {
  /** The context field's position in the store. */
  i: number;
  field: string;
  value: string;
  /** The user whose routine in that context was the context (null: everybody's postings). */
  routineOf: string | null;
  line: number | null;
  amount: number;
  z: number;
  ratio: number;
  usual: ContextSummary;
}

export const amountOutlierDetector: Detector = {
  codes: ["amount_outlier_customer", "amount_outlier_sku", "amount_outlier_attribute"],
  history: "full",
  detect({ txn, ctx, config, self }) {
    const cfg = config.anomaly_detection.outlier;
    const store = ctx.history.amounts;
    const currency = txn.currency ?? "";
    const scope = store.scopeOf(txn);
    const inScope = store.contextsIn(scope);
    // Nearly every entry is ordinary in every context it falls in, for everybody's routine there:
    // told by two bounds per context, before the routines and the context's figures are read.
    if (inScope === undefined || ordinaryEverywhere(store, cfg, inScope, txn)) return [];
    const user = userOf(txn);
    const userCode = store.userCode(user);
    kindCode = store.kindCode(txn);
    if (kindCode >= 0) counterpartyValues = store.distinct(store.fields.findIndex((f) => f.field === "customer_id" && !f.perLine));
    const inHistory = self ? 1 : 0;
    const amount = Math.abs(txn.amount ?? 0);
    // Every entry of a scan is judged in every context it falls in, and almost none raises an
    // alarm: the contexts are judged in a loop without closures, the routines go to scratch
    // columns reused from entry to entry, and objects are made only for alarms.
    const alarms: Alarm[] = [];
    routineCount = 0;
    judgedHistory = ctx.history;
    judgedMs = self ? self.ms : Number.NaN;
    judgedSeq = self ? self.seq : -1;
    const fields = store.fields;
    const log = amount > 0 ? logAmount(amount) : 0;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      if (f.kind) continue;
      if (f.perLine) {
        const lines = txn.lines;
        for (let k = 0; k < lines.length; k++) {
          const l = lines[k]!;
          if (l.sku && l.amount) {
            const lineAmount = Math.abs(l.amount);
            judge(alarms, store, cfg, i, l.sku, inScope, user, userCode, inHistory, lineAmount, logAmount(lineAmount), k);
          }
        }
      } else if (amount > 0) {
        const value = f.read(txn);
        if (value !== undefined) judge(alarms, store, cfg, i, value, inScope, user, userCode, inHistory, amount, log, null);
      }
    }
    if (alarms.length === 0) return [];
    return alarmFindings(alarms, txn, ctx.history, cfg, store, currency, scope, user, userCode, inHistory, amount, log, self);
  },
};

// The bands of the contexts last judged against (a scan judges every entry against one store).
let bandsOf: AmountContexts | undefined;
let bandsCfg: OutlierConfig | undefined;
let bands: OrdinaryBands | undefined;

/**
 * Whether every context the entry falls in (judge()'s, with the same values and amounts) has it
 * strictly inside its ordinary band (AmountContexts.ordinaryBands): no z-score of the context or
 * of any routine there of min_history postings or more reaches the threshold, so judge() would
 * raise no alarm whoever posted it and whether it is in the history or not — and without an alarm
 * nothing else of the detector is read. Otherwise the entry is judged in full.
 */
function ordinaryEverywhere(store: AmountContexts, cfg: OutlierConfig, inScope: ScopeContexts, txn: Transaction): boolean {
  if (store !== bandsOf || cfg !== bandsCfg) {
    bands = store.ordinaryBands(cfg.threshold, cfg.min_history, cfg.two_sided, ROUTINE_MIN_SCALE);
    bandsOf = store;
    bandsCfg = cfg;
  }
  const { lo, hi } = bands!;
  const amount = Math.abs(txn.amount ?? 0);
  const log = amount > 0 ? logAmount(amount) : 0;
  const fields = store.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.kind) continue;
    const byValue = inScope[i];
    if (byValue === undefined) continue;
    if (f.perLine) {
      const lines = txn.lines;
      for (let k = 0; k < lines.length; k++) {
        const l = lines[k]!;
        if (!l.sku || !l.amount) continue;
        const c = byValue.get(l.sku) ?? -1;
        if (c < 0) continue;
        const lineLog = logAmount(Math.abs(l.amount));
        if (!(lineLog > lo[c]! && lineLog < hi[c]!)) return false;
      }
    } else if (amount > 0) {
      const value = f.read(txn);
      if (value === undefined) continue;
      const c = byValue.get(value) ?? -1;
      if (c >= 0 && !(log > lo[c]! && log < hi[c]!)) return false;
    }
  }
  return true;
}

/**
 * The alarms of an entry (a few in a thousand entries raise any), explained away or reported: its
 * own function so that the per-entry detect() stays small — the JIT compiled the two as one
 * function of ~400 ms (twice, after a deoptimisation) while the scan ran on slower code.
 */
function alarmFindings(
  alarms: Alarm[],
  txn: Transaction,
  history: HistoryStats,
  cfg: OutlierConfig,
  store: AmountContexts,
  currency: string,
  scope: string,
  user: string | undefined,
  userCode: number,
  inHistory: number,
  amount: number,
  log: number,
  self: HistoryEntry | undefined,
): Finding[] {
  // Regular business explains itself: an alarm is explained when the same user's routine in
  // this context, or in a finer one (more values: the account rather than the profit centre),
  // has seen such amounts before — a quarter-end accrual run posts far above the profit
  // centre's usual, and far above its own usual there across accounts, but is ordinary for
  // what it posts to each account.
  // The routine must have reached about this level before (within a factor 3 of its largest
  // other posting): a routine of a few scattered amounts does not explain a new extreme.
  // A coarser routine explains too when it is a business of its own level (support.ts): a
  // year-end closing run posts once per account, each amount far above the account's usual,
  // but all of them ordinary for what that user posts with that document type.
  // The other lines of the entry's own document (posted with it) are no level "reached before": a
  // bill's payable line carries the gross of its expense line, so a user's routine with that
  // vendor always holds a peer of an expense line of any size — the bill's own.
  const siblings = self ? siblingLogs(history, store, self, userCode) : NO_SIBLINGS;
  const explained = (a: Alarm) => {
    // This user's first document in the alarm's context: part of a sweep across its values (a
    // closing run posts once per account) if a coarser routine of its own level explains it.
    // Counted by document, as levels are: a closing document posts once per account and
    // department, so its salaries line for sales is not the user's first posting to salaries,
    // only its first document there; and a couple of postings elsewhere (fewer than a routine
    // needs) make no routine there either.
    const first = user !== undefined && a.routineOf === null && !routineElsewhere(store.routine(a.i, a.value, scope, user), inHistory, cfg.routine_min_history);
    for (let r = 0; r < routineCount; r++) {
      const ri = routineField[r]!;
      const rlog = routineLog[r]!;
      // A kind's routine speaks for its own context only: the amounts of this kind there.
      if (routineKind[r] && ri !== a.i) continue;
      // The routine must have judged the same amount: a small line's routine does not
      // explain the invoice's total, nor another line's (a one-line entry's line is its total).
      if (Math.abs(rlog - Math.log(a.amount)) >= 1e-9) continue;
      const routine = store.routineSummary(routineIndex[r]!);
      if ((rlog - routine.median) / Math.max(routine.scale, ROUTINE_MIN_SCALE) >= cfg.threshold) continue;
      const own = !routineKind[r] && ownLevel(routine, routineN[r]!, store.contextSummary(routineUsual[r]!), cfg, first);
      if (!own && ri !== a.i && !(a.line === null && store.distinct(ri) > store.distinct(a.i))) continue;
      // A population of its own level is long enough for its z-score to speak (the largest
      // closing of the year need not have a peer); a shorter routine must have reached about
      // this level before.
      if (own || rlog <= largestOther(routine, rlog, inHistory, siblings) + PEER_FACTOR) return true;
    }
    return false;
  };
  for (let k = alarms.length - 1; k >= 0; k--) if (explained(alarms[k]!)) alarms.splice(k, 1);
  if (alarms.length === 0) return [];
  // The counterparty's own price: what several other users' postings with it have reached,
  // ordinary among all of its amounts, is what it charges — an engineer's first yearly licence
  // at the price every other card pays that vendor, a clerk's first bill from a vendor at its
  // usual size. That the amount is far above what this user or this account usually sees says
  // only that the user has not bought there before, not that the amount is unusual for it.
  // The price is the entry's amount: a line's amount against its SKU's usual is another question
  // (a line of ten times the SKU's quantity on an invoice of the customer's usual size).
  if (counterpartyPrice(store, cfg, txn, scope, userCode, inHistory, log)) {
    for (let k = alarms.length - 1; k >= 0; k--) if (alarms[k]!.line === null) alarms.splice(k, 1);
    if (alarms.length === 0) return [];
  }
  // The line's own account (its SKU: what the posting is) with a history of its own, found the
  // amount ordinary — no alarm there, nor in this user's routine there: an alarm of a coarser
  // context whose usual is far below the account's (a business of its own level: what a clerk
  // posts across the company against a fixed-asset account's purchases) says only that the
  // account is not the context's usual business. Explained.
  // Coarser contexts only: the counterparty's usual is no coarser than an account — a payables or
  // bank account holds every vendor's amounts, a level that says nothing of one vendor's (read so,
  // it silenced vendor payments 40× their vendor's usual on bench/erp-ledger-quality.ts once the
  // account was read from a ledger's account column).
  const account = accountUsual(store, cfg, txn, alarms, scope, user, userCode, inHistory);
  if (account && belowLevelOf(account, alarms, cfg, coarserThanAccount)) return [];
  // A document is judged by the line that says what it is: the other line of a balanced two-
  // line entry (beside it in the history: same posting time, user and amount). A capital
  // purchase's vendor line is far above what the clerk posts to the vendor account, but its
  // asset line is the asset account's business: ordinary there (with this user's routine there,
  // if any, agreeing), it explains the entry; with too little history there, it is worth a look
  // (medium), as the asset line itself is.
  // Of the two, the line whose account is the more specific says what the entry is: the asset
  // account (its purchases alike) rather than the vendor account (every kind of invoice), the
  // expense account rather than the bank; and only an account of its own level there: two lines
  // of ordinary accounts, each with a few such amounts before, do not excuse each other.
  const own = store.accountOf(txn, null);
  const other = self && own ? otherLine(history, store, self.seq, self.ms, amount, userCode, own.value) : undefined;
  const twin = other === undefined ? undefined : judgeOtherLine(store, cfg, own!.i, other, scope, user, userCode, amount, log, ownSpread(store, own, scope, inHistory, cfg.min_history));
  if (twin && "median" in twin && belowLevelOf(twin, alarms, cfg, coarserThanAccount)) return [];
  const scored = alarms.map((a) => ({ a, score: evidence(a, cfg) })).sort((x, y) => y.score - x.score || y.a.z - x.a.z);
  const top = scored[0]!;
  const others = scored.slice(1).map((s) => s.a);
  // Contexts that agree add a little, each counted once: two fields naming the same postings
  // (an account mapped both as an attribute and as the SKU) are one context, not two.
  const distinct = new Set(alarms.map((x) => `${x.usual.n}:${x.usual.median}`)).size;
  const a = top.a;
  // The line's own account (its SKU) with too little history to say what is usual there: the
  // alarms come from coarser contexts (what this user posts in the company, with this document
  // type), which know nothing of that account's business — a first capital purchase to a fixed-
  // asset account, a new line of business. Worth a look (medium), not an alarm; the finding says
  // why. Like a never-seen value in a field whose history is too short (rare_value).
  // Not when the counterparty's own history raised it: that history, not the account's, says
  // what is usual for it (a temp paying a vendor 50× its usual from a bank account the payments
  // clerk alone posts to is no account without a history of its own).
  const thin = !coarserThanAccount(a) ? undefined : thinAccount(store, txn, a.line, a.amount, scope, userCode, inHistory, cfg.min_history) ?? (twin && !("median" in twin) ? { ...twin, other: true } : undefined);
  const score = Math.min(thin ? THIN_ACCOUNT_CAP : 1, top.score + 0.05 * Math.min(3, distinct - 1));
  const code: DetectorCode = a.field === "customer_id" ? "amount_outlier_customer" : a.field === "sku" ? "amount_outlier_sku" : "amount_outlier_attribute";
  const typical = roundMoney(Math.exp(a.usual.median));
  const where = (x: Alarm) => `${x.field} ${x.value}${x.routineOf ? ` as posted by ${x.routineOf}` : ""}`;
  const also = others.map((o) => `${where(o)} (${round2(o.ratio)}×)`);
  const finding: Finding = {
    code,
    score,
    message:
      `${a.line === null ? "amount" : "line amount"} ${a.amount} ${currency} is ${round2(a.ratio)}× the usual ${typical} for ${where(a)}` +
      ` (robust z ${round2(a.z)}, ${a.usual.n} postings, fewer than ${PEERS_EXPLAIN} of them within a factor 3 of it${!a.routineOf && user !== undefined && a.field !== "created_by" ? `; no routine of ${user} there explains it` : ""})` +
      (also.length ? `; also unusual for ${also.join(", ")}` : "") +
      (thin ? `; but ${"other" in thin ? `the entry's other line posts to ${thin.field} ${thin.value}, which` : `${thin.field} ${thin.value}`} has only ${thin.n} posting(s) here, too few to say what is usual for it` : ""),
    field: a.line === null ? "amount" : `lines[${a.line}].amount`,
    expected: { context: { [a.field]: a.value, currency, ...(store.scopeField ? { [store.scopeField]: fieldReader(store.scopeField)(txn) } : {}), ...(a.routineOf ? { created_by: a.routineOf } : {}) }, typical, robust_z_below: cfg.threshold, history: a.usual.n, largest_seen: roundMoney(a.usual.max) },
    actual: { amount: a.amount, robust_z: round4(a.z), ratio: round2(a.ratio), also_unusual_for: others.map((o) => ({ [o.field]: o.value, ...(o.routineOf ? { created_by: o.routineOf } : {}), ratio: round2(o.ratio), robust_z: round4(o.z) })) },
    amount_at_risk: 0,
  };
  return [finding];
}

// The routines of the entry being judged (detect is synchronous: one entry at a time).
let routineCount = 0;
const routineField: number[] = [];
const routineLog: number[] = [];
const routineIndex: number[] = [];
/** The routine's postings (besides this entry) and its context (its index in the store). */
const routineN: number[] = [];
const routineUsual: number[] = [];
/** Whether the routine is the context's amounts of the entry's kind (kind-field.ts), not a user's. */
const routineKind: boolean[] = [];
/** The entry's kind's code in the routines (-1: none), and how many counterparties the history has. */
let kindCode = -1;
let counterpartyValues = 0;

/** Records one routine of the entry being judged (a user's, or its kind's: `kind`). */
function keepRoutine(field: number, log: number, index: number, n: number, usual: number, kind: boolean): void {
  routineField[routineCount] = field;
  routineLog[routineCount] = log;
  routineIndex[routineCount] = index;
  routineN[routineCount] = n;
  routineUsual[routineCount] = usual;
  routineKind[routineCount] = kind;
  routineCount++;
}

type OutlierConfig = ModulesConfig["anomaly_detection"]["outlier"];

/** Judges the amount in field i's context `value` (and the user's routine there): pushes alarms,
 *  and records the routine when it is long enough to explain one. */
function judge(
  alarms: Alarm[],
  store: AmountContexts,
  cfg: OutlierConfig,
  i: number,
  value: string,
  inScope: ScopeContexts | undefined,
  user: string | undefined,
  userCode: number,
  inHistory: number,
  amount: number,
  log: number,
  line: number | null,
) {
  const field = store.fields[i]!.field;
  const c = inScope?.[i]?.get(value) ?? -1;
  if (c < 0) return;
  // The context and the routine by their indexes and figures in columns; their summary objects
  // only for an alarm.
  const r = user !== undefined && field !== "created_by" ? store.routineAt(c, userCode) : -1;
  const n = r >= 0 ? store.routineN(r) - inHistory : 0;
  if (r >= 0 && n >= cfg.routine_min_history) keepRoutine(i, log, r, n, c, false);
  // The context's amounts of the entry's kind (an employee's commissions among his pay): a routine
  // of its own, which explains an alarm of this context as a user's routine does — if the amount
  // is ordinary for it and it reached about this level before (alarmFindings).
  // Only in the counterparty's context and the contexts as fine as it (its bank account): in a
  // coarse one (a payment method, a pay group) a kind's routine pools every counterparty's postings
  // of that kind, and other payees' off-cycle payments say nothing of this one's.
  const rk = kindCode >= 0 && store.distinct(i) * 2 >= counterpartyValues ? store.routineAt(c, kindCode) : -1;
  const nk = rk >= 0 ? store.routineN(rk) - inHistory : 0;
  if (rk >= 0 && nk >= cfg.routine_min_history) keepRoutine(i, log, rk, nk, c, true);
  // The user's own routine there, once it is long enough, is the sharpest context of all:
  // an amount ordinary for the account but not for what this user posts to it.
  if (r >= 0 && n >= cfg.min_history) {
    const median = store.routineMedian(r);
    const z = (log - median) / Math.max(store.routineScale(r), ROUTINE_MIN_SCALE);
    if (beyond(z, cfg)) {
      const routine = store.routineSummary(r);
      if (unusual(cfg, routine, log, z, inHistory)) alarms.push({ i, field, value, routineOf: user!, line, amount, z, ratio: amount / Math.exp(median), usual: routine });
    }
  }
  const usualN = store.contextN(c);
  if (usualN - inHistory < cfg.min_history) return;
  const z = (log - store.contextMedian(c)) / store.contextScale(c);
  // Nearly every amount is ordinary in its context: asked first, before the routines' table is
  // read (a cache miss or two per context on a large history) for what follows.
  if (!beyond(z, cfg)) return;
  const usual = store.contextSummary(c);
  // A context that is, but for fewer than min_history postings, one other user's routine (a
  // batch releasing a prepayment a twelfth each month to the prepaid account) has no usual of its
  // own for this user's postings: its median and spread are that routine's, and an amount of
  // another business there is judged by the routines and the other contexts, not by it.
  if (user !== undefined && usual.n - inHistory - store.largestOtherRoutine(c, userCode) < cfg.min_history) return;
  if (documentsAtLevel(usual, z > 0 ? log - PEER_FACTOR : log + PEER_FACTOR, z > 0) < PEERS_EXPLAIN) {
    alarms.push({ i, field, value, routineOf: null, line, amount, z, ratio: amount / Math.exp(usual.median), usual });
  }
}

// The history being judged against and the entry's own moment and position (NaN, -1: not in it):
// detect() sets them for every entry, without an object per entry.
let judgedHistory: HistoryStats | undefined;
let judgedMs = Number.NaN;
let judgedSeq = -1;

/**
 * About how many postings of the context at the level (at `bound` or beyond, `above` or below)
 * were made at another moment than this entry — the context's size scaled from its sample, counted
 * once per moment. A document's lines share their moment: the payable, expense and tax lines of a
 * bill, the two lines of its payment, a batch's postings. Counted per line, one fraudulent bill
 * and its payment are four or five postings of the vendor at its level, "reached before"; counted
 * per moment they are two events. Stops counting at PEERS_EXPLAIN.
 */
function documentsAtLevel(s: ContextSummary, bound: number, above: boolean): number {
  const v = s.sample;
  const scale = v.length === 0 ? 0 : s.n / v.length;
  const h = judgedHistory;
  const own = judgedMs;
  const ownSeq = judgedSeq;
  const moments: number[] = [];
  for (let k = 0; k < v.length; k++) {
    if (above ? v[k]! < bound : v[k]! > bound) continue;
    const position = s.positions[k]!;
    if (position === ownSeq) continue;
    // Without a date, a posting is a moment of its own (its position stands for it).
    const ms = h !== undefined && position >= 0 && position < h.size ? h.msAt(position) : Number.NaN;
    const moment = Number.isNaN(ms) ? -1 - position : ms;
    if (moment === own || moments.includes(moment)) continue;
    moments.push(moment);
    if (moments.length * scale >= PEERS_EXPLAIN) break;
  }
  return moments.length * scale;
}

/**
 * Whether a user's postings in a context, besides the entry's own document (the postings at its
 * moment), are a routine there: at least `minHistory` of them. Without a posting time each
 * posting is a moment of its own, and only the entry itself is set aside.
 */
function routineElsewhere(s: ContextSummary | undefined, inHistory: number, minHistory: number): boolean {
  if (!s || s.n - inHistory < minHistory) return false;
  const v = s.positions;
  const scale = v.length === 0 ? 0 : s.n / v.length;
  const h = judgedHistory;
  let elsewhere = 0;
  for (let k = 0; k < v.length; k++) {
    const position = v[k]!;
    if (position === judgedSeq) continue;
    const ms = h !== undefined && position >= 0 && position < h.size ? h.msAt(position) : Number.NaN;
    if (!Number.isNaN(ms) && ms === judgedMs) continue;
    if (++elsewhere * scale >= minHistory) return true;
  }
  return false;
}

/**
 * Whether the amount is the counterparty's ordinary price: its postings besides this user's number
 * ≥ min_history, the amount's robust z among all of them is below the threshold (spread floored as a
 * routine's: a fixed price tolerates no more than a routine does), and ≥ PEERS_EXPLAIN other users
 * posted at least a third of it there: a price several buyers pay, not one colleague's business with
 * the vendor (a payables clerk's and the payments clerk's postings of its large invoices, which say
 * nothing of what another clerk's usual invoices from it are).
 */
function counterpartyPrice(store: AmountContexts, cfg: OutlierConfig, txn: Transaction, scope: string, userCode: number, inHistory: number, log: number): boolean {
  const counterparty = txn.customer_id;
  if (counterparty === undefined || log === 0) return false;
  const i = store.fields.findIndex((f) => f.field === "customer_id" && !f.perLine);
  if (i < 0) return false;
  const c = store.contextAt(i, counterparty, scope);
  if (c < 0) return false;
  const usual = store.contextSummary(c);
  const r = userCode >= 0 ? store.routineAt(c, userCode) : -1;
  const mine = r >= 0 ? store.routineN(r) : 0;
  if (usual.n - Math.max(mine, inHistory) < cfg.min_history) return false;
  if ((log - usual.median) / Math.max(usual.scale, ROUTINE_MIN_SCALE) >= cfg.threshold) return false;
  return usersAtLevel(usual, log - PEER_FACTOR, store, userCode) >= PEERS_EXPLAIN;
}

/** How many other users (not the judged user) have postings of the context at `bound` or above,
 *  read from the context's sample; stops at PEERS_EXPLAIN. Postings without a user count for none. */
function usersAtLevel(s: ContextSummary, bound: number, store: AmountContexts, userCode: number): number {
  const v = s.sample;
  const h = judgedHistory;
  const users: number[] = [];
  for (let k = 0; k < v.length; k++) {
    if (v[k]! < bound) continue;
    const position = s.positions[k]!;
    if (position === judgedSeq || position < 0 || h === undefined || position >= h.size) continue;
    const other = store.lines.userAt(position);
    if (other < 0 || other === userCode || users.includes(other)) continue;
    users.push(other);
    if (users.length >= PEERS_EXPLAIN) break;
  }
  return users.length;
}

/** Whether the amount is far above the usual of a context, and nothing there explains it. */
function unusual(cfg: OutlierConfig, usual: ContextSummary, log: number, z: number, inHistory: number): boolean {
  if (!beyond(z, cfg)) return false;
  // A level the context has reached a few times before is not an outlier there (a mixture:
  // reclassifications, accruals, a second kind of business on the same account).
  const peers = z > 0 ? postingsAtLeast(usual, log - PEER_FACTOR) : usual.n - postingsAtLeast(usual, log + PEER_FACTOR);
  return peers - inHistory < PEERS_EXPLAIN;
}

/** The most an amount finding scores when the line's account has too little history to judge it:
 *  0.45 × the default weight 0.9 is medium (40), and stays medium with one timing signal beside
 *  it (a weekend posting: 55); several of them together, or another finding, still reach high. */
const THIN_ACCOUNT_CAP = 0.45;
/** log 25: the ratio to the usual that is decisive on its own (evidence). */
const THIN_SPEAKS = Math.log(25);

/** The per-line context (the account, the SKU) of the judged line — a one-line entry's line for its
 *  total — when it has fewer than min_history postings in this scope and the amount is not
 *  decisively above what it has seen; undefined otherwise. */
function thinAccount(store: AmountContexts, txn: Transaction, line: number | null, amount: number, scope: string, userCode: number, inHistory: number, minHistory: number): { field: string; value: string; n: number } | undefined {
  const account = store.accountOf(txn, line);
  if (!account) return undefined;
  const c = store.contextAt(account.i, account.value, scope);
  const usual = c < 0 ? undefined : store.contextSummary(c);
  // Postings of one other user's routine there (a batch releasing prepayments) are not a
  // history of this user's kind of posting: they do not count.
  const n = (usual?.n ?? 0) - inHistory - (c >= 0 ? store.largestOtherRoutine(c, userCode) : 0);
  if (n >= minHistory) return undefined;
  // What little the account has seen still speaks when its postings are far below: an amount
  // decisively above their median (25×, the ratio that is high on its own) is not its business,
  // however short the history (the median: one year-end closing posting there is no level).
  if (usual && n >= PEERS_EXPLAIN && logAmount(amount) - usual.median >= THIN_SPEAKS) return undefined;
  return { field: store.fields[account.i]!.field, value: account.value, n };
}

/** The usual amounts of a one-line entry's account (its per-line context) when it has a history of
 *  its own there (min_history postings, not one other user's routine) and raised none of the
 *  alarms; undefined otherwise. */
function accountUsual(store: AmountContexts, cfg: OutlierConfig, txn: Transaction, alarms: readonly Alarm[], scope: string, user: string | undefined, userCode: number, inHistory: number): ContextSummary | undefined {
  const account = store.accountOf(txn, null);
  if (!account) return undefined;
  const c = store.contextAt(account.i, account.value, scope);
  if (c < 0 || alarms.some((a) => a.i === account.i)) return undefined;
  const n = store.contextN(c) - inHistory;
  if (n < cfg.min_history || (user !== undefined && n - store.largestOtherRoutine(c, userCode) < cfg.min_history)) return undefined;
  return store.contextSummary(c);
}

/** The account of the other line of this one-line entry's document: a neighbour in the history
 *  posted at the same moment by the same user for the same amount, to another account. */
function otherLine(h: HistoryStats, store: AmountContexts, seq: number, ms: number, amount: number, userCode: number, sku: string | undefined): string | undefined {
  if (userCode < 0 || !Number.isFinite(ms) || amount <= 0) return undefined;
  for (const k of [seq - 1, seq + 1]) {
    if (k < 0 || k >= h.size || h.msAt(k) !== ms || store.lines.userAt(k) !== userCode) continue;
    const account = store.lines.accountAt(k);
    if (account !== undefined && account !== sku && Math.abs(h.entryAt(k).amount - amount) < 0.005) return account;
  }
  return undefined;
}

/** The spread of a line's own account (its per-line context) when it has a history of its own
 *  there; infinity otherwise (any account with a history is more specific than none). */
function ownSpread(store: AmountContexts, account: { i: number; value: string } | undefined, scope: string, inHistory: number, minHistory: number): number {
  if (!account) return Number.POSITIVE_INFINITY;
  const usual = store.context(account.i, account.value, scope);
  return usual && usual.n - inHistory >= minHistory ? usual.scale : Number.POSITIVE_INFINITY;
}

/** Whether an alarm's context is one an account's level can speak for: not the counterparty's,
 *  whose usual is no coarser than an account (a payables or bank account holds every vendor's). */
const coarserThanAccount = (a: Alarm) => a.field !== "customer_id";

/** Removes the alarms whose context's usual is far below an account's (a robust z of at least
 *  threshold/2 on the alarm context's scale: the account is a business of its own level there);
 *  whether none is left. */
function belowLevelOf(account: ContextSummary, alarms: Alarm[], cfg: OutlierConfig, coarser: (a: Alarm) => boolean = () => true): boolean {
  for (let k = alarms.length - 1; k >= 0; k--) {
    if (!coarser(alarms[k]!)) continue;
    const u = alarms[k]!.usual;
    if ((account.median - u.median) / Math.max(u.scale, ROUTINE_MIN_SCALE) >= cfg.threshold / 2) alarms.splice(k, 1);
  }
  return alarms.length === 0;
}

/** The amount judged on the other line's account: its usual amounts when the amount is ordinary
 *  there (enough history of its own, no alarm there, this user's routine there agreeing), too
 *  little history there to say (the account and its postings), or undefined (unusual there too,
 *  or that account is another user's routine). */
function judgeOtherLine(store: AmountContexts, cfg: OutlierConfig, i: number, account: string, scope: string, user: string | undefined, userCode: number, amount: number, log: number, ownScale: number): ContextSummary | { field: string; value: string; n: number } | undefined {
  const c = store.contextAt(i, account, scope);
  const usual = c < 0 ? undefined : store.contextSummary(c);
  // The other line is in the history: it is not its own account's history; nor are the
  // postings of one other user's routine there (too little history of this kind).
  const n = (usual?.n ?? 0) - 1;
  const own = c >= 0 ? n - store.largestOtherRoutine(c, userCode) : 0;
  if (!usual || own < cfg.min_history) return usual && n >= PEERS_EXPLAIN && log - usual.median >= THIN_SPEAKS ? undefined : { field: store.fields[i]!.field, value: account, n: Math.max(0, own) };
  // Not the more specific of the two (a spread means something only with a history): the
  // entry is judged on this line's own account.
  if (usual.scale >= ownScale) return undefined;
  const there: Alarm[] = [];
  // The other line's account, judged as the entry's own (a line amount when it is a SKU).
  judge(there, store, cfg, i, account, store.contextsIn(scope), user, userCode, 1, amount, log, store.fields[i]!.perLine ? 0 : null);
  return there.length === 0 ? usual : undefined;
}

/** The routine's largest log amount besides this transaction's own (when it is part of it) and
 *  its document's other lines (`siblings`, each skipped once). */
function largestOther(s: ContextSummary, log: number, inHistory: number, siblings: readonly number[]): number {
  const v = s.sorted;
  const skip = inHistory ? [log, ...siblings] : [...siblings];
  for (let k = v.length - 1; k >= 0; k--) {
    const x = v[k]!;
    const j = skip.findIndex((y) => Math.abs(x - y) < 1e-9);
    if (j < 0) return x;
    skip.splice(j, 1);
  }
  return Number.NEGATIVE_INFINITY;
}

const NO_SIBLINGS: readonly number[] = [];
/** Lines of a document looked at on each side of the entry (a payroll posts hundreds at once). */
const MAX_SIBLINGS = 64;

/** The log amounts of the entry's document's other lines: its neighbours in the history posted at
 *  the same moment by the same user (a ledger export writes a document's lines side by side). With
 *  dates alone a day's postings of a user are no document; there, the document column says which
 *  neighbours are the entry's document, where the ledger has one (SAP lists date entries by day
 *  and keep the time in a column of its own). */
function siblingLogs(h: HistoryStats, store: AmountContexts, self: HistoryEntry, userCode: number): number[] {
  if (userCode < 0) return [];
  const timed = Number.isFinite(self.ms) && self.ms % DAY_MS !== 0;
  if (!timed && !h.knowsDocuments) return [];
  const out: number[] = [];
  for (const step of [-1, 1]) {
    for (let k = self.seq + step, n = 0; k >= 0 && k < h.size && n < MAX_SIBLINGS; k += step, n++) {
      const joined = timed ? h.msAt(k) === self.ms : h.continuesDocument(step < 0 ? k + 1 : k);
      if (!joined || store.lines.userAt(k) !== userCode) break;
      const amount = Math.abs(h.entryAt(k).amount);
      if (amount > 0) out.push(logAmount(amount));
    }
  }
  return out;
}

function beyond(z: number, cfg: ModulesConfig["anomaly_detection"]["outlier"]): boolean {
  return cfg.two_sided ? Math.abs(z) >= cfg.threshold : z >= cfg.threshold;
}

/** The ratio to the usual speaks only for a coherent context: beyond this spread (log scale: two
 *  thirds of its amounts within a factor e^1.25 ≈ 3.5 of the median) the context is a mixture and
 *  "× the usual" says little; the z-score alone judges it. (1.1 left out an account of ordinary
 *  postings widened a little by reclassifications, where 530× the usual was only medium; 1.25
 *  raised F1 on the wide ledgers of every seed, docs/quality.md.) */
const RATIO_MAX_SCALE = 1.25;

function evidence(a: Alarm, cfg: ModulesConfig["anomaly_detection"]["outlier"]): number {
  const fromZ = ramp(Math.abs(a.z), cfg.threshold, cfg.threshold);
  if (a.usual.scale > RATIO_MAX_SCALE) return fromZ;
  const decades = Math.log10(Math.max(a.ratio, 1 / a.ratio));
  // 25× the usual is decisive (0.7: high alone); above that, the ratio ranks amounts only as far
  // as the context's spread backs it (ratioSupport): 75× in a context where that is a robust z of
  // 5 ranks below 500× where it is 10, instead of both saturating at 1.
  const fromRatio = decades >= 1.4 ? 0.7 + 0.3 * Math.min(1, (decades - 1.4) / 0.6, ratioSupport(a.z, cfg.threshold)) : 0.5 + (0.2 * Math.max(0, decades - 1)) / 0.4;
  return Math.max(fromZ, fromRatio);
}
