// Statistics of a connector's transaction history, built in one streaming pass (bounded by
// context.history_limit) and then frozen. Two levels, because they cost very different amounts:
//  - "ledger": where each transaction stands (id → position, date, amount), invoice amounts,
//    credit notes per invoice and fingerprints for duplicate detection: what the duplicate and
//    credit-note detectors read;
//  - "full": the ledger plus the profile the anomaly detectors read: per-customer and per-SKU
//    robust summaries of log amounts, value and pair frequencies of the categorical fields, first
//    appearances of counterparties, and a seeded reservoir sample that trains the isolation forest.
// A module asks for the level its detectors need ("none": no history pass at all).
import { breathe } from "../domain/event-loop.ts";
import type { Transaction } from "../domain/transaction.ts";
import { type AmountContextField, AmountContexts, AmountContextsBuilder, type AmountContextsSink, amountContextFields, type ScopeReader, scopeReader } from "./amount-contexts.ts";
import { TripleCounts } from "./combinations.ts";
import { CodePairCounts, denseBits } from "./code-pair-counts.ts";
import { daysBetween, parseDateMs } from "./dates.ts";
import { amountBytes, DocumentKeyFilter } from "./document-key-filter.ts";
import { fieldReader, type FieldReader } from "./fields.ts";
import { PostingHabits } from "./habits.ts";
import { HabitAmounts, HabitAmountsBuilder, habitAccountPairs } from "./habit-amounts.ts";
import { HabitActivity, HabitActivityBuilder } from "./habit-activity.ts";
import { ValuePeriods, ValuePeriodsBuilder } from "./value-periods.ts";
import { monthOf, SelfApprovals, SelfApprovalsBuilder, selfApprovalKey } from "./self-approvals.ts";
import { ledgerAccountOf } from "./account-field.ts";
import { entryKind, FirstCounterparties } from "./first-counterparties.ts";
import { PostingDays } from "./posting-days.ts";
import { JournalCopies, JournalCopiesBuilder, journalColumnOf } from "./journal-copies.ts";
import { EntryLags, EntryLagsBuilder } from "./entry-lags.ts";
import { profileCategoricalFields, profileDocumentField, profileNumberedTextFields } from "./profile.ts";
import { templateReader } from "./numbered-text.ts";
import { profileKindField } from "./kind-field.ts";
import { SeededRandom } from "./random.ts";
import { SplitPostings } from "./split-postings.ts";
import { type ByteKey, StringTable, type StringTableParts } from "./string-table.ts";
import { TaxHabits, TaxHabitsBuilder, type TaxHabitsParts } from "./detectors/leakage/tax-habits.ts";
import { KitComponents, KitComponentsBuilder, type KitComponentsParts } from "./detectors/leakage/kit-components.ts";
import { PromotionHabits, PromotionHabitsBuilder, type PromotionHabitsParts } from "./detectors/leakage/promotion-habits.ts";
import { attributeKey, attributeNameMatcher, markerMatcher } from "./detectors/leakage/markers.ts";
import { creditCharges } from "./detectors/duplicates/credit-charges.ts";
import { creditsTheAccount } from "./detectors/duplicates/account-credit.ts";
import { CounterpartyNames, CounterpartyNamesBuilder } from "./names/counterparty-names.ts";
import { profileNameField } from "./names/name-field.ts";
import { PayeeAccounts, PayeeAccountsBuilder } from "./payee-accounts.ts";
import { canonicalNumber, counterpartyNumberOf, documentColumnNumberOf, numberStem, rawStem, segmentedNumber, unprefixedNumber } from "./counterparty-numbers.ts";
import { DocumentColumnJudge, type DocumentColumnVerdict } from "./document-column-numbers.ts";
import { CounterpartyDocuments, type CounterpartyDocumentsParts } from "./counterparty-documents.ts";
import { settledAmount } from "./payment-discount.ts";
import { logAmount, quantile, robustSummary, type RobustSummary } from "./stats.ts";
import { doubled, grownFor } from "../domain/typed-arrays.ts";

/** A transaction's categorical values (per field, undefined: none) and their codes in the
 *  history (NO_VALUE: none; UNSEEN: a value the history has not counted). */
export interface CodedValues {
  values: (string | undefined)[];
  codes: Int32Array;
}
export const NO_VALUE = -1;
export const UNSEEN = -2;

/**
 * The codes the history pass counted for each entry, in the order it read them (the context's
 * kept source: context.ts), for the scan that follows over those same transactions: their coded
 * values read from here, not each entry's values read again through the field readers and looked
 * up in the history's value maps (HistoryStats.coded — the strings by then cold in memory). The
 * same values and codes: a value's code never changes once counted, and every counted value has
 * one (never UNSEEN).
 */
export class CountedCodes {
  private byCode: string[][] | undefined;

  constructor(
    private readonly stats: HistoryStats,
    /** Codes per entry (the categorical fields). */
    private readonly width: number,
    private readonly rows: Int32Array,
    /** Entries counted: the first `size` read. */
    readonly size: number,
  ) {}

  /** The coded values of the entry read `at`-th (0-based; below size): what stats.coded gave it. */
  coded(at: number): CodedValues {
    const n = this.width;
    const byCode = (this.byCode ??= this.stats.valuesByCode());
    const rows = this.rows;
    const values = new Array<string | undefined>(n);
    const codes = new Int32Array(n);
    const base = at * n;
    for (let i = 0; i < n; i++) {
      const c = rows[base + i]!;
      codes[i] = c;
      values[i] = c < 0 ? undefined : byCode[i]![c];
    }
    return { values, codes };
  }
}
/** A document's lines compared with each new one: beyond them (a payroll of hundreds of lines), a repeat counts again. */
const MAX_DOCUMENT_LINES = 64;

/** Whether one of `lines` has code c in field i. */
function hasValue(lines: readonly Int32Array[], i: number, c: number): boolean {
  for (const line of lines) if (line[i] === c) return true;
  return false;
}

/** Whether one of `lines` has any value in field i. */
function hasAnyValue(lines: readonly Int32Array[], i: number): boolean {
  for (const line of lines) if (line[i]! >= 0) return true;
  return false;
}

/** Whether one of `lines` has codes a and b in fields i and j. */
function hasPair(lines: readonly Int32Array[], i: number, j: number, a: number, b: number): boolean {
  for (const line of lines) if (line[i] === a && line[j] === b) return true;
  return false;
}

/** Where a transaction stands in the history: duplicates are the later of two. */
export interface HistoryEntry {
  id: string;
  seq: number;
  ms: number;
  amount: number;
  /** In creditsByReference: the credit's charge codes (credit-charges.ts), where its lines name any. */
  charges?: string;
  /** In creditsByReference: a credit to the account (account-credit.ts: goodwill, an outage), which takes back none of the invoice's charges. */
  toAccount?: true;
}

/**
 * A document of the history that carries its counterparty's own number (counterparty-numbers.ts):
 * its position, counterparty, and whether its own status says it was never made (a voided check).
 */
export interface NumberedDocument {
  seq: number;
  customer: string;
  notMade: boolean;
  /** Its amount before tax (NaN where the tax is not given). */
  net: number;
  /** What a payment settled with the discount it took (payment-discount.ts; NaN where it names none). */
  settled: number;
  /** A general ledger line's account and side ("2000 AP - TRADE DR", ledgerSideOf; "" for a
   *  document): the payable and the cash line of one payment name the same vendor, number and
   *  amount, and are no copies; nor is an entry and the void crediting its accounts back. */
  accountSide: string;
}

/** What addLedgerEntry records of a document's counterparty number. */
export interface DocumentNumber {
  raw: string;
  type: string;
  currency: string;
  customer: string;
  notMade: boolean;
  net: number;
  settled: number;
  accountSide: string;
  /** Read from the document column (documentColumnNumberOf), not a column naming the counterparty's number: kept apart until the ledger says it is theirs (document-column-numbers.ts). */
  fromDocumentColumn?: boolean;
}

/** The ledger of a HistoryStats as plain arrays and maps (HistoryStats.ledgerParts). */
export interface LedgerParts {
  size: number;
  startMs: number;
  endMs: number;
  seqById: StringTableParts;
  idEntryOf: Int32Array;
  msOf: Float64Array;
  amountOf: Float64Array;
  invoiceAt: Uint8Array;
  shadowedInvoices: Map<string, number>;
  creditsByReference: Map<string, HistoryEntry[]>;
  fingerprintFirst: StringTableParts;
  fingerprintLater: Map<number, number[]>;
  documentKeys: StringTableParts;
  /** DocumentKeyFilter.counts over documentKeys (built when absent). */
  documentKeyFilter?: Uint8Array;
  taxHabits: TaxHabitsParts;
  kitComponents: KitComponentsParts;
  promotionHabits: PromotionHabitsParts;
  namedContracts: Set<string>;
  creditNamedContracts: Set<string>;
  invoiceReferences: Map<string, number>;
  /** Per counterparty and currency (counterpartyDocumentKey), the positions of its invoices and payments, in history order (instalments.ts), grouped (counterparty-documents.ts). */
  counterpartyDocuments: CounterpartyDocumentsParts;
  counterpartyNumbers: Map<number, string>;
  documentsByNumber: Map<string, NumberedDocument[]>;
  /** Position → the document column's number, for the documents numberKey'd under "?" + type (document-column-numbers.ts). */
  documentColumnNumbers: Map<number, string>;
  /** Whether the document column holds the counterparties' own numbers, over the ledger and per account side (DocumentColumnJudge.verdict); undefined for a ledger still to be built (ledger-merge.ts). */
  documentColumnVerdict: DocumentColumnVerdict | undefined;
  selfApprovals: ReadonlyMap<string, readonly number[]>;
  approvesForOthers: ReadonlySet<string>;
}

/** How much of the history a detector (or module) reads; ordered: none < ledger < full. */
export type HistoryLevel = "none" | "ledger" | "full";

const LEVEL_RANK: Record<HistoryLevel, number> = { none: 0, ledger: 1, full: 2 };

export function historyCovers(have: HistoryLevel, need: HistoryLevel): boolean {
  return LEVEL_RANK[have] >= LEVEL_RANK[need];
}

export function maxLevel(a: HistoryLevel, b: HistoryLevel): HistoryLevel {
  return LEVEL_RANK[a] >= LEVEL_RANK[b] ? a : b;
}

export interface HistoryOptions {
  /** "full" unless said otherwise. */
  level?: HistoryLevel;
  /** The categorical fields, or "auto": profiled from the first PROFILE_ROWS transactions. */
  categoricalFields: readonly string[] | "auto";
  reservoirSize?: number;
  seed?: number;
  /** The calendar's offset from UTC, for the users' posting habits. */
  utcOffsetMinutes?: number;
  /** Where counterparties' names are ("auto": profiled, names/name-field.ts; unset: not kept), and
   *  the transactions that make a counterparty long established (lookalike_counterparty). */
  names?: { field: string; minHistory: number };
  /** The fields whose values keep habits of their own (rare_combination.habit_fields): their
   *  usual amounts per account (habit-amounts.ts) and their active days (habit-activity.ts) are kept. */
  habitFields?: readonly string[];
  /** The fields whose values post in periods of their own (off_period.fields, value-periods.ts). */
  periodFields?: readonly string[];
  /** Journals posted twice (journal-copies.ts): the column naming each line's journal ("auto": by
   *  name) and the days within which a repeat is a copy. Unset: "auto", JOURNAL_COPY_DAYS. */
  journals?: { field: string; windowDays: number; horizonDay?: number };
  /**
   * Where to build the amount contexts of a history that reaches PROFILE_ROWS entries (a smaller
   * one is not worth a thread): parallel/amount-offload.ts on a worker thread. Unset: in process.
   */
  amountContexts?: (fields: AmountContextField[], scope: { read: ScopeReader; field: string | null }, categorical: readonly string[]) => AmountContextsSink;
  /**
   * An empty ledger to build into instead of a new one (ledger-merge.ts hands one whose arrays are
   * in shared memory, so that the merged ledger needs no copy for the scan workers).
   */
  into?: HistoryStats;
}

/** Transactions read before the categorical fields are chosen (and their cardinality known). */
export const PROFILE_ROWS = 10_000;
/** finishAll profiles the backlog this many entries at a time, and hands the event loop a turn
 *  once FINISH_SLICE_MS have gone by: a few milliseconds held at most. */
const FINISH_STEP = 64;
const FINISH_SLICE_MS = 4;
/** Fields with at most this many values (in the profile) are combined three at a time... */
const TRIPLE_MAX_VALUES = 40;
/** ... at most this many of them (the ones with the fewest values). */
const TRIPLE_MAX_FIELDS = 7;

export class HistoryBuilder {
  private seq = 0;
  private readonly stats: HistoryStats;
  private readonly customerLogs = new Map<string, number[]>();
  private readonly skuLogs = new Map<string, number[]>();
  private readonly amounts: number[] = [];
  private readonly rng: SeededRandom;
  private readonly reservoirSize: number;
  private readonly profile: boolean;
  /** Until the fields are chosen: the transactions read so far, replayed once they are. */
  private pending: { t: Transaction; seq: number; amount: number }[] | null;
  /** The codes countCategoricals gave each entry, `width` per entry in the order read
   *  (keepCodes: the context's kept source); undefined when not asked for, or once an entry was
   *  not profiled in order. */
  private codeRows: Int32Array | undefined;
  private codedEntries = 0;
  /** Once they are: the entries not profiled yet (from backlogAt on), in order. */
  private backlog: { t: Transaction; seq: number; amount: number }[] = [];
  private backlogAt = 0;
  private amountContexts: AmountContextsSink | undefined;
  /** The amount contexts when built elsewhere (finishAll awaits them). */
  private amountsElsewhere: Promise<AmountContexts> | undefined;
  private habits: PostingHabits;
  private habitAmounts: HabitAmountsBuilder | undefined;
  private habitActivity: HabitActivityBuilder | undefined;
  private valuePeriods: ValuePeriodsBuilder | undefined;
  private readonly postingDays: PostingDays;
  private readonly payeeAccounts = new PayeeAccountsBuilder();
  private readonly entryLags: EntryLagsBuilder;
  private readonly tax = new TaxHabitsBuilder();
  private names: CounterpartyNamesBuilder | undefined;
  private readonly kits = new KitComponentsBuilder();
  private readonly promotions = new PromotionHabitsBuilder();
  private readonly selfApprovals = new SelfApprovalsBuilder();
  /** The journals' lines, where the first line names its journal (journal-copies.ts); undefined until then, null: none. */
  private journals: JournalCopiesBuilder | null | undefined;

  constructor(private readonly options: HistoryOptions) {
    const level = options.level ?? "full";
    this.stats = options.into ?? new HistoryStats(options.categoricalFields === "auto" ? [] : options.categoricalFields, level);
    this.profile = level === "full";
    this.pending = this.profile ? [] : null;
    this.rng = new SeededRandom(options.seed ?? 7);
    this.reservoirSize = options.reservoirSize ?? 4096;
    this.habits = new PostingHabits(options.utcOffsetMinutes ?? 0);
    this.postingDays = new PostingDays(options.utcOffsetMinutes ?? 0);
    this.entryLags = new EntryLagsBuilder(options.utcOffsetMinutes ?? 0);
  }

  /** Chooses the categorical fields (profiled unless configured) and replays what was read.
   *  `large`: the history has reached PROFILE_ROWS entries (it may build its amount contexts elsewhere). */
  private decide(large: boolean) {
    const pending = this.pending!;
    this.pending = null;
    const sample = pending.map((p) => p.t);
    // A field listed twice is one field (a list of 1,000 copies passed config check: each copy was
    // counted and judged apart, 1,000 times the work for the same findings).
    const fields = this.options.categoricalFields === "auto" ? profileCategoricalFields(sample) : [...new Set(this.options.categoricalFields)];
    // Memos that embed another document's number are counted by their templates (numbered-text.ts).
    const templated = profileNumberedTextFields(sample, fields);
    const readers = fields.map((f) => (templated.has(f) ? templateReader(fieldReader(f)) : fieldReader(f)));
    const distinct = readers.map((r) => new Set(sample.map(r)).size);
    const small = fields
      .map((_, i) => i)
      .filter((i) => distinct[i]! >= 2 && distinct[i]! <= TRIPLE_MAX_VALUES)
      .sort((a, b) => distinct[a]! - distinct[b]! || a - b)
      .slice(0, TRIPLE_MAX_FIELDS)
      .sort((a, b) => a - b);
    const documentField = profileDocumentField(sample);
    this.stats.useFields(fields, new TripleCounts(small, small.map((i) => distinct[i]!)), distinct, documentField, templated);
    const names = this.options.names;
    const nameField = names === undefined ? undefined : names.field === "auto" ? profileNameField(sample) : names.field;
    if (nameField !== undefined) this.names = new CounterpartyNamesBuilder(nameField, names!.minHistory, documentField === undefined ? undefined : fieldReader(documentField));
    // The kind of an entry for its counterparty, where the counterparty's amounts depend on it
    // (a pay type: regular pay, commissions): read as a routine of its own in every context.
    const contextFields = amountContextFields(fields, profileKindField(sample, fields), templated);
    const scope = scopeReader(sample, fields);
    const pairs = habitAccountPairs(fields, [...new Set(this.options.habitFields ?? [])]);
    if (pairs.length > 0) this.habitAmounts = new HabitAmountsBuilder(fields, pairs);
    const habit = [...new Set(this.options.habitFields ?? [])].map((f) => fields.indexOf(f)).filter((i) => i >= 0);
    if (habit.length > 0) this.habitActivity = new HabitActivityBuilder(fields, habit);
    const periodic = [...new Set(this.options.periodFields ?? [])].map((f) => fields.indexOf(f)).filter((i) => i >= 0);
    if (periodic.length > 0) this.valuePeriods = new ValuePeriodsBuilder(fields, periodic);
    this.amountContexts = large && this.options.amountContexts ? this.options.amountContexts(contextFields, scope, fields) : new AmountContextsBuilder(contextFields, scope);
    // Profiled a few at a time as the next entries arrive (add, finish), not here at once: the
    // 10,000 entries' replay held the event loop ~70 ms in the middle of a scan.
    this.backlog = pending;
    this.backlogAt = 0;
  }

  /** Profiles up to `n` entries of the backlog, oldest first. */
  private workOff(n: number) {
    const backlog = this.backlog;
    const end = Math.min(backlog.length, this.backlogAt + n);
    for (let i = this.backlogAt; i < end; i++) {
      const p = backlog[i]!;
      this.addProfile(p.t, p.seq, this.stats.msAt(p.seq), p.amount);
    }
    this.backlogAt = end;
    if (end === backlog.length) {
      this.backlog = [];
      this.backlogAt = 0;
    }
  }

  add(t: Transaction) {
    const seq = this.seq;
    const ms = t.date ? parseDateMs(t.date) : Number.NaN;
    const amount = Math.abs(t.amount ?? 0);
    const documents = fingerprinted(t);
    if (t.type === "invoice") {
      this.tax.add(t);
      this.kits.add(t);
      this.promotions.add(t);
      if (t.contract_id) this.stats.namedContracts.add(t.contract_id);
      for (const l of t.lines) if (l.contract_id) this.stats.namedContracts.add(l.contract_id);
      if (t.reference) this.nameInvoiceReference(t.reference, Math.abs(t.amount ?? 0));
    }
    if (t.type === "credit_note" && t.contract_id) this.stats.creditNamedContracts.add(t.contract_id);
    const selfApproved = selfApprovalKey(t);
    if (selfApproved !== undefined) this.observeSelfApproval(selfApproved, monthOf(ms));
    else this.selfApprovals.approvalsForOthers.add(t);
    if (this.journals === undefined) {
      const column = journalColumnOf(t, this.options.journals?.field);
      this.journals = column === undefined ? null : new JournalCopiesBuilder(column, this.options.journals?.windowDays, this.options.journals?.horizonDay);
    }
    this.journals?.add(t, seq, ms);
    const fp = documents ? fingerprint(t) : undefined;
    this.addLedgerEntry(
      t.transaction_id,
      t.type === "invoice",
      ms,
      amount,
      t.type === "credit_note" && t.reference ? t.reference : undefined,
      fp,
      documents ? documentKey(t) : undefined,
      documents ? documentNumberOf(t, fp!) : undefined,
      t.type === "credit_note" && t.reference ? creditCharges(t, shipmentNamed(t)) : undefined,
      t.type === "credit_note" && t.reference ? creditsTheAccount(t) : false,
    );
    const counterparty = counterpartyDocumentKey(t);
    if (counterparty !== undefined) this.indexCounterpartyDocument(counterparty, seq);
    if (this.pending) {
      this.pending.push({ t, seq, amount });
      if (this.pending.length >= PROFILE_ROWS) this.decide(true);
    } else if (this.backlog.length > 0) {
      // Behind the entries read before the fields were chosen: in order, 64 of those per entry.
      this.backlog.push({ t, seq, amount });
      this.workOff(64);
    } else if (this.profile) this.addProfile(t, seq, ms, amount);
  }

  /**
   * The ledger half of add(), from the values a ledger needs (ledger-merge.ts replays the records
   * scan workers extracted, in source order, through here): the next position in the history.
   */
  addLedgerEntry(
    id: string | ByteKey,
    isInvoice: boolean,
    ms: number,
    amount: number,
    creditReference: string | undefined,
    fp: string | ByteKey | undefined,
    docKey: string | ByteKey | undefined,
    documentNumber?: DocumentNumber,
    creditCharges?: string,
    creditToAccount = false,
  ) {
    const s = this.stats;
    const seq = this.seq++;
    s.record(id, isInvoice, seq, ms, amount);
    if (creditReference !== undefined) {
      const entry = s.entryAt(seq);
      if (creditCharges !== undefined) entry.charges = creditCharges;
      if (creditToAccount) entry.toAccount = true;
      pushTo(s.creditsByReference, creditReference, entry);
    }
    if (documentNumber !== undefined) s.recordNumber(seq, documentNumber);
    if (fp !== undefined) {
      s.addFingerprint(fp, seq);
      s.countDocumentKey(docKey!);
    }
  }

  /** An invoice's tax observation (the split scan's ledger batches carry them: ledger-merge.ts;
   *  TaxHabitsBuilder.observe). */
  observeTax(customer: string, regime: string, stated: number | null, net: number, tax: number, skus: readonly string[], amounts: readonly number[], count: number) {
    this.tax.observe(customer, regime, stated, net, tax, skus, amounts, count);
  }

  /** The kit observations the split scan's ledger batches carry (ledger-merge.ts): invoices
   *  billing a SKU at a price, and an invoice's pairs (KitComponentsBuilder). */
  get kitObservations(): Pick<KitComponentsBuilder, "countPriced" | "observePairs"> {
    return this.kits;
  }

  /** A contract id an invoice (or, `byCredit`, a credit note) names (the split scan's ledger batches carry them: ledger-merge.ts). */
  nameContract(contractId: string, byCredit = false) {
    (byCredit ? this.stats.creditNamedContracts : this.stats.namedContracts).add(contractId);
  }

  /** A self-approved entry's user and kind (self-approvals.ts) and month (the split scan's ledger batches carry them: ledger-merge.ts). */
  observeSelfApproval(key: string, month: number) {
    this.selfApprovals.observe(key, month);
  }

  /** The approver (as written), kind and detail of entries someone else keyed (self-approvals.ts ApprovalsForOthers; the split scan's ledger batches carry them: ledger-merge.ts). */
  observeApprovalForOthers(approver: string, kind: string, detail: string) {
    this.selfApprovals.approvalsForOthers.observeFresh(approver, kind, detail);
  }

  /** An invoice or payment of a counterparty (counterpartyDocumentKey) at position `seq` (the split scan's ledger batches carry them: ledger-merge.ts). */
  indexCounterpartyDocument(key: string, seq: number) {
    this.stats.counterpartyDocuments.add(key, seq);
  }

  /** The index (CounterpartyDocuments.keyOf) of those of one batch, to add them by it (ledger-merge.ts). */
  get counterpartyDocuments(): Pick<CounterpartyDocuments, "keyOf" | "addTo"> {
    return this.stats.counterpartyDocuments;
  }

  /** A document an invoice of `amount` (its absolute value) names as its reference (the split scan's ledger batches carry them: ledger-merge.ts). */
  nameInvoiceReference(reference: string, amount: number) {
    const refs = this.stats.invoiceReferences;
    refs.set(reference, (refs.get(reference) ?? 0) + amount);
  }

  /** The promotion observations the split scan's ledger batches carry (ledger-merge.ts;
   *  PromotionHabitsBuilder.observe). */
  get promotionObservations(): Pick<PromotionHabitsBuilder, "observe"> {
    return this.promotions;
  }

  /** `seq`, `ms`: the transaction's position and date in the ledger (its HistoryEntry is made
   *  only when a counterparty's first appearance needs one: most entries need none). */
  private addProfile(t: Transaction, seq: number, ms: number, amount: number) {
    const s = this.stats;
    if (amount > 0) {
      this.amounts.push(amount);
      if (t.customer_id) pushTo(this.customerLogs, t.customer_id, logAmount(amount));
    }
    for (const line of t.lines) {
      if (line.sku && line.amount) pushTo(this.skuLogs, line.sku, logAmount(line.amount));
    }
    // The line's ledger account, read once where a counterparty or the habit activity needs it.
    const account = t.customer_id || this.habitActivity ? ledgerAccountOf(t.attributes) : "";
    if (t.customer_id) {
      s.customerCounts.set(t.customer_id, (s.customerCounts.get(t.customer_id) ?? 0) + 1);
      const first = s.customerFirst.get(t.customer_id);
      const isFirst = !first || beforeEntry(ms, seq, first);
      if (isFirst) s.customerFirst.set(t.customer_id, s.entryAt(seq));
      s.firstCounterparties.add(entryKind(t, account), t.customer_id, isFirst);
    }
    // The amount contexts are given the codes just counted (a worker thread is sent those, not the values).
    const codes = s.countCategoricals(t, 1);
    if (this.codeRows !== undefined) this.keepCodesOf(seq, codes);
    // Read once: the split postings and the document marks both want it.
    const document = s.documentOf(t);
    if (t.customer_id) s.splitPostings.add(t, seq, ms, codes, document);
    s.markDocument(seq, document);
    this.amountContexts!.add(t, seq, codes);
    this.habitAmounts?.add(t, ms, codes);
    this.habitActivity?.add(ms, codes, t.customer_id, t.amount, account);
    this.valuePeriods?.add(ms, codes);
    this.habits.add(t, ms);
    this.names?.add(t, ms);
    this.postingDays.add(t, ms);
    this.payeeAccounts.add(t, ms);
    this.entryLags.add(t, ms);
    // Reservoir sampling (Algorithm R) keeps a uniform, seeded sample of any-length history:
    // the first reservoirSize entries fill it, each later one replaces a random place with
    // probability reservoirSize / (seq + 1). Written without a branch that is first taken once
    // the reservoir is full: the JIT compiles addProfile (the history's largest function, with
    // what it calls inlined) before that, and code it has never seen run makes the compiled
    // function exit and be compiled again — a second DFG and FTL compile of ~30–150 ms per scan
    // (BUN_JSC_reportCompileTimes=1). The same draws: the seeded stream advances only once the
    // reservoir is full (SeededRandom.nextWhen).
    const n = s.reservoir.length;
    const full = n >= this.reservoirSize ? 1 : 0;
    const j = n + full * (Math.floor(this.rng.nextWhen(full) * (seq + 1)) - n);
    if (j < this.reservoirSize) s.reservoir[j] = t;
  }

  /** Whether to keep each entry's counted codes for countedCodes() (context.ts: while it keeps the
   *  transactions read for the scan that follows); turned off, those kept so far are let go. */
  keepCodes(on: boolean) {
    this.codeRows = on && this.profile ? new Int32Array(1024) : undefined;
    this.codedEntries = 0;
  }

  private keepCodesOf(seq: number, codes: Int32Array) {
    if (seq !== this.codedEntries) {
      this.codeRows = undefined;
      return;
    }
    const n = codes.length;
    let rows = this.codeRows!;
    const base = seq * n;
    if (base + n > rows.length) rows = this.codeRows = grownFor(rows, base + n);
    for (let i = 0; i < n; i++) rows[base + i] = codes[i]!;
    this.codedEntries = seq + 1;
  }

  /** Once finished (`stats` its history): every entry's counted codes, when kept (keepCodes) and
   *  every entry read was profiled, in order; handed over once. */
  countedCodes(stats: HistoryStats): CountedCodes | undefined {
    const rows = this.codeRows;
    this.codeRows = undefined;
    if (rows === undefined || this.codedEntries !== this.seq) return undefined;
    return new CountedCodes(stats, stats.fieldCount, rows, this.codedEntries);
  }

  /** The finished history; its amount contexts are missing when built elsewhere: finishAll(). */
  finish(): HistoryStats {
    if (this.pending) this.decide(false);
    this.workOff(Number.POSITIVE_INFINITY);
    this.finishAmounts();
    return this.finishRest();
  }

  /** The amount contexts, or the promise of them when built elsewhere. */
  private finishAmounts() {
    if (!this.amountContexts) return;
    const amounts = this.amountContexts.finish();
    if (amounts instanceof Promise) this.amountsElsewhere = amounts;
    else this.stats.amounts = amounts;
  }

  private finishRest(): HistoryStats {
    const s = this.stats;
    s.habits = this.habits;
    if (this.habitAmounts) s.habitAmounts = this.habitAmounts.finish();
    if (this.habitActivity) s.habitActivity = this.habitActivity.finish();
    if (this.valuePeriods) s.valuePeriods = this.valuePeriods.finish();
    s.postingDays = this.postingDays.finish();
    s.payeeAccounts = this.payeeAccounts.finish();
    s.entryLags = this.entryLags.finish();
    s.taxHabits = this.tax.finish();
    if (this.names) s.counterpartyNames = this.names.finish();
    s.kitComponents = this.kits.finish();
    s.promotionHabits = this.promotions.finish();
    s.selfApprovals = this.selfApprovals.finish();
    s.counterpartyDocuments.group();
    if (this.journals) s.journalCopies = this.journals.finish();
    for (const [k, logs] of this.customerLogs) s.customerAmounts.set(k, robustSummary(logs));
    for (const [k, logs] of this.skuLogs) s.skuLineAmounts.set(k, robustSummary(logs));
    // Sorted natively (the amounts are positive numbers: the same order as a comparator's).
    s.sortedAmounts = Float64Array.from(this.amounts).sort();
    return s;
  }

  /**
   * finish(), with the amount contexts wherever they were built, and a turn of the event loop
   * between its parts: a history under PROFILE_ROWS entries is profiled only now, every entry of
   * it, and in one block that held a context rebuild's loop 40–300 ms on a loaded VM (2,071
   * invoices; docs/benchmarks.md). The same steps in the same order: the same history.
   */
  async finishAll(): Promise<HistoryStats> {
    if (this.pending) {
      this.decide(false);
      await breathe();
    }
    let sliceStart = performance.now();
    while (this.backlog.length > 0) {
      this.workOff(FINISH_STEP);
      if (this.backlog.length > 0 && performance.now() - sliceStart >= FINISH_SLICE_MS) {
        await breathe();
        sliceStart = performance.now();
      }
    }
    await breathe();
    this.finishAmounts();
    await breathe();
    const s = this.finishRest();
    if (this.amountsElsewhere) s.amounts = await this.amountsElsewhere;
    return s;
  }
}

/** A fingerprint's group of at least this many documents is made once (withFingerprint). */
const KEPT_TWIN_GROUP = 16;

export class HistoryStats {
  size = 0;
  startMs = Number.POSITIVE_INFINITY;
  endMs = Number.NEGATIVE_INFINITY;
  // The ledger is kept in columns indexed by position (seq) rather than as one object per
  // transaction: a history of 200,000 transactions is then a few typed arrays and maps of
  // numbers, which the garbage collector walks in a fraction of the time (it walks the whole
  // heap on every full collection while a scan runs). HistoryEntry objects are made on demand.
  private readonly seqById = new StringTable();
  /** Per position: its id's entry in seqById (for the id itself). */
  private idEntryOf = new Int32Array(1024);
  private msOf = new Float64Array(1024);
  private amountOf = new Float64Array(1024);
  private invoiceAt = new Uint8Array(1024);
  /** Invoice amounts whose id a later non-invoice with the same id took over in seqById. */
  private readonly shadowedInvoices = new Map<string, number>();
  readonly creditsByReference = new Map<string, HistoryEntry[]>();
  /** Fingerprint → position of the first document with it; the later ones of the few that repeat. */
  private readonly fingerprintFirst = new StringTable();
  private readonly fingerprintLater = new Map<number, number[]>();
  readonly customerAmounts = new Map<string, RobustSummary>();
  readonly skuLineAmounts = new Map<string, RobustSummary>();
  readonly customerCounts = new Map<string, number>();
  readonly customerFirst = new Map<string, HistoryEntry>();
  /** Per kind of entry, how many counterparties began with one (new_counterparty_large_amount). */
  readonly firstCounterparties = new FirstCounterparties();
  /** Cheap pre-key of fingerprints (type, counterparty, amount) → count: most documents have no twin. */
  readonly documentKeys = new StringTable();
  /** In front of documentKeys for documentTwins: built on first use, kept current after. */
  private keyFilter: DocumentKeyFilter | undefined;
  readonly reservoir: Transaction[] = [];
  sortedAmounts: Float64Array = new Float64Array(0);
  /** The categorical fields (configured, or profiled from the history when "auto"). */
  fields: readonly string[] = [];
  readers: FieldReader[] = [];
  // Categorical values are counted by code: per field, each value gets the next small integer
  // the first time it is counted, so a value costs one Map lookup per entry and its pairs none
  // (pair-counts.ts); the codes are also the triples' codes (combinations.ts).
  /** Per categorical field: value → code, in order of first appearance. */
  valueCodes: Map<string, number>[] = [];
  /** Per categorical field: code → count, and how many transactions had a value at all. */
  codeCounts: number[][] = [];
  fieldTotals: number[] = [];
  /** Per pair of fields (i < j): (code a, code b) → count. */
  pairCounts: CodePairCounts[][] = [];
  /** Three-value combinations of the fields with few values. */
  triples = new TripleCounts([]);
  /**
   * The field naming an entry's document, when the entries are a document's lines
   * (profile.ts, profileDocumentField): the consecutive lines of one document count a value, a
   * pair or a triple once, so that a document repeating an unusual pair on three lines is one
   * occurrence, not a history of three that hides the pair from each of its lines.
   */
  private documentReader: FieldReader | undefined;
  private documentKey: string | undefined;
  /** The codes of the current document's earlier lines (at most MAX_DOCUMENT_LINES of them). */
  private documentLines: Int32Array[] = [];
  /** Usual amounts per context (account, user, counterparty... in a currency) and routines. */
  amounts: AmountContexts = AmountContexts.empty;
  /** When each user usually posts. */
  habits = new PostingHabits(0);
  /** Usual amounts of a habit field's values per account (amount_outlier_habit). */
  habitAmounts: HabitAmounts = HabitAmounts.empty;
  /** When each value of a habit field was regularly active (posting_to_ended_value). */
  habitActivity: HabitActivity = HabitActivity.empty;
  /** In which months each value of the off_period fields posts (off_period_posting). */
  valuePeriods: ValuePeriods = ValuePeriods.empty;
  /** On which days each user, and the ledger, posted. */
  postingDays: PostingDays = PostingDays.empty;
  /** Which payees were paid into which bank account (other_payees_bank_account). */
  payeeAccounts: PayeeAccounts = PayeeAccounts.empty;
  /** When entries arrived against their posting dates (late_posting): empty without `entered_at`. */
  entryLags: EntryLags = EntryLags.empty;
  /** Postings per counterparty stream, for splits under an approval limit. */
  readonly splitPostings = new SplitPostings();
  /** Tax habits of customers and SKUs (tax_below_rate); built at the ledger level. */
  taxHabits: TaxHabits = TaxHabits.empty;
  /** Counterparties by name (lookalike_counterparty); empty when the history keeps no names. */
  counterpartyNames: CounterpartyNames = CounterpartyNames.empty;
  /** Kits whose components the invoices list at 0 (zero_price_line); built at the ledger level. */
  kitComponents: KitComponents = KitComponents.empty;
  /** Campaigns, markdowns and free-over-a-threshold SKUs the invoices show (pricing); built at the ledger level. */
  promotionHabits: PromotionHabits = PromotionHabits.empty;
  /** The contract ids invoices name as theirs (`contract_id`: a matter, a project, a lease): an
   *  agreement of that id governs only their scope (contract-scope.ts); built at the ledger level. */
  readonly namedContracts = new Set<string>();
  /** The contract ids credit notes name as theirs: a deal a retailer's deductions claim under (an
   *  allowance, a scan-back). Named by no invoice, it prices none (contract-scope.ts). */
  readonly creditNamedContracts = new Set<string>();
  /** The documents invoices name as their `reference` (the invoice a follow-up, a rebill or a
   *  corrected claim follows): a denied claim re-submitted is billed by the claim naming it
   *  (replaced-invoice.ts); a credit is taken back by the invoices naming it as far as they bill
   *  (credit-notes.ts). Each with the sum of those invoices' amounts (absolute); built at the
   *  ledger level. */
  readonly invoiceReferences = new Map<string, number>();
  /** Per counterparty and currency (counterpartyDocumentKey), the positions of its invoices and
   *  payments in history order: the bills a run of payments alike may settle (instalments.ts). */
  readonly counterpartyDocuments = new CounterpartyDocuments();
  /** Position → the counterparty's own number, for the documents that carry one. */
  readonly counterpartyNumbers = new Map<number, string>();
  /** numberKey(type, currency, canonical number) → the documents of that number, and
   *  numberKey(…, stem) with "~" → those whose number is it with a copy's suffix; with "=" and "~="
   *  the same by segmentedNumber (numbers whose digits a separator groups); built at the ledger level. */
  readonly documentsByNumber = new Map<string, NumberedDocument[]>();
  /** Position → the document column's number where no column names the counterparty's (documentNumberOf); its documents are
   *  in documentsByNumber under "?" + type, read only when documentColumn judges them the counterparties' own. */
  readonly documentColumnNumbers = new Map<number, string>();
  /** Whether the ledger's document column holds the counterparties' own numbers, over the ledger or on an account side (document-column-numbers.ts). */
  documentColumn = new DocumentColumnJudge();
  /** Who approved their own entries, of what, in which months (self-approvals.ts); built at the ledger level. */
  selfApprovals: SelfApprovals = SelfApprovals.empty;
  /** Journals that repeat an earlier journal's lines within days (duplicate_journal); built at the ledger level by an in-process pass. */
  journalCopies: JournalCopies = JournalCopies.empty;

  constructor(
    fields: readonly string[],
    /** What was built: the profile's maps stay empty below "full". */
    readonly level: HistoryLevel = "full",
  ) {
    this.useFields(fields, new TripleCounts([]));
  }

  /**
   * `distinct`: per field, the values its profile saw (sizes the pairs' dense tables);
   * `documentField`: the field naming an entry's document, if the entries are lines of documents;
   * `templated`: the fields read by their templates (numbered-text.ts).
   */
  useFields(fields: readonly string[], triples: TripleCounts, distinct: readonly number[] = [], documentField?: string, templated: ReadonlySet<string> = new Set()) {
    this.fields = fields;
    this.documentReader = documentField !== undefined ? fieldReader(documentField) : undefined;
    this.splitPostings.useFields(fields);
    this.documentKey = undefined;
    this.documentLines = [];
    this.readers = fields.map((f) => (templated.has(f) ? templateReader(fieldReader(f)) : fieldReader(f)));
    this.valueCodes = fields.map(() => new Map());
    this.codeCounts = fields.map(() => []);
    this.fieldTotals = fields.map(() => 0);
    // Only [i][j] with i < j is used; the square keeps the indexing simple.
    const bits = fields.map((_, i) => denseBits(distinct[i]));
    this.pairCounts = fields.map((_, i) => fields.map((_, j) => (j > i ? new CodePairCounts(bits[i], bits[j]) : EMPTY_PAIRS)));
    this.triples = triples;
    this.scratch = new Int32Array(fields.length);
  }

  /** The ledger's columns and tables, to hand over to another thread (ledger-merge.ts). */
  ledgerParts(): LedgerParts {
    return {
      size: this.size,
      startMs: this.startMs,
      endMs: this.endMs,
      seqById: this.seqById.parts(),
      idEntryOf: this.idEntryOf,
      msOf: this.msOf,
      amountOf: this.amountOf,
      invoiceAt: this.invoiceAt,
      shadowedInvoices: this.shadowedInvoices,
      creditsByReference: this.creditsByReference,
      fingerprintFirst: this.fingerprintFirst.parts(),
      fingerprintLater: this.fingerprintLater,
      documentKeys: this.documentKeys.parts(),
      documentKeyFilter: this.documentKeyFilter().counts,
      taxHabits: this.taxHabits.parts,
      kitComponents: this.kitComponents.parts,
      promotionHabits: this.promotionHabits.parts,
      namedContracts: this.namedContracts,
      creditNamedContracts: this.creditNamedContracts,
      invoiceReferences: this.invoiceReferences,
      counterpartyDocuments: this.counterpartyDocuments.parts(),
      counterpartyNumbers: this.counterpartyNumbers,
      documentsByNumber: this.documentsByNumber,
      documentColumnNumbers: this.documentColumnNumbers,
      documentColumnVerdict: this.documentColumn.verdict(),
      selfApprovals: this.selfApprovals.parts,
      approvesForOthers: this.selfApprovals.approvesForOthers,
    };
  }

  /** A ledger-level history over parts from ledgerParts() (arrays are used, not copied). */
  static fromLedgerParts(p: LedgerParts): HistoryStats {
    const s = new HistoryStats([], "ledger");
    const w = s as unknown as Record<string, unknown>;
    s.size = p.size;
    s.startMs = p.startMs;
    s.endMs = p.endMs;
    w.seqById = StringTable.fromParts(p.seqById);
    w.idEntryOf = p.idEntryOf;
    w.msOf = p.msOf;
    w.amountOf = p.amountOf;
    w.invoiceAt = p.invoiceAt;
    w.shadowedInvoices = p.shadowedInvoices;
    w.creditsByReference = p.creditsByReference;
    w.fingerprintFirst = StringTable.fromParts(p.fingerprintFirst);
    w.fingerprintLater = p.fingerprintLater;
    w.documentKeys = StringTable.fromParts(p.documentKeys);
    w.keyFilter = p.documentKeyFilter ? new DocumentKeyFilter(p.documentKeyFilter) : undefined;
    s.taxHabits = new TaxHabits(p.taxHabits);
    s.kitComponents = new KitComponents(p.kitComponents);
    s.promotionHabits = new PromotionHabits(p.promotionHabits);
    w.namedContracts = p.namedContracts;
    w.creditNamedContracts = p.creditNamedContracts;
    w.invoiceReferences = p.invoiceReferences;
    w.counterpartyDocuments = new CounterpartyDocuments(p.counterpartyDocuments);
    w.counterpartyNumbers = p.counterpartyNumbers;
    w.documentsByNumber = p.documentsByNumber;
    w.documentColumnNumbers = p.documentColumnNumbers;
    if (p.documentColumnVerdict !== undefined) s.documentColumn = DocumentColumnJudge.decided(p.documentColumnVerdict);
    s.selfApprovals = new SelfApprovals(p.selfApprovals, p.approvesForOthers);
    return s;
  }

  /** Adds a transaction to the ledger at position `seq` (the next one). */
  record(id: string | ByteKey, isInvoice: boolean, seq: number, ms: number, amount: number) {
    if (seq === this.msOf.length) {
      this.msOf = doubled(this.msOf);
      this.amountOf = doubled(this.amountOf);
      this.invoiceAt = doubled(this.invoiceAt);
      this.idEntryOf = doubled(this.idEntryOf);
    }
    // An id seen before (a source with repeated ids): the latest transaction is the entry, and
    // the latest invoice keeps its amount, as maps keyed by id would have it.
    const ids = this.seqById;
    const entry = ids.entryOfKey(id, seq);
    if (!ids.inserted) {
      const previous = ids.valueAt(entry);
      ids.setValueAt(entry, seq);
      const name = typeof id === "string" ? id : id.text();
      if (isInvoice) this.shadowedInvoices.delete(name);
      else if (this.invoiceAt[previous] === 1) this.shadowedInvoices.set(name, this.amountOf[previous]!);
    }
    this.idEntryOf[seq] = entry;
    this.msOf[seq] = ms;
    this.amountOf[seq] = amount;
    this.invoiceAt[seq] = isInvoice ? 1 : 0;
    this.size++;
    if (!Number.isNaN(ms)) {
      this.startMs = Math.min(this.startMs, ms);
      this.endMs = Math.max(this.endMs, ms);
    }
  }

  /** The transaction's place in the history; undefined when it is not part of it. */
  entry(id: string): HistoryEntry | undefined {
    const seq = this.seqById.get(id);
    // The key matched unit for unit: `id` is the entry's id, no need to read it back.
    return seq === undefined ? undefined : { id, seq, ms: this.msOf[seq]!, amount: this.amountOf[seq]! };
  }

  /** The date (ms) of position `seq`. */
  msAt(seq: number): number {
    return this.msOf[seq]!;
  }

  /** Records the counterparty number of the document at `seq` (addLedgerEntry). */
  recordNumber(seq: number, n: DocumentNumber) {
    let type = n.type;
    if (n.fromDocumentColumn) {
      // Kept while the column (or the line's account side) is judged, and from then on only where it is the counterparties'.
      const judge = this.documentColumn;
      if (!judge.keeps(n.accountSide)) return;
      judge.observe(n.raw, n.customer, n.accountSide);
      this.documentColumnNumbers.set(seq, n.raw);
      type = `?${type}`;
    } else {
      this.documentColumn.namedNumber();
      this.counterpartyNumbers.set(seq, n.raw);
    }
    const doc: NumberedDocument = { seq, customer: n.customer, notMade: n.notMade, net: n.net, settled: n.settled, accountSide: n.accountSide };
    pushTo(this.documentsByNumber, numberKey(type, n.currency, canonicalNumber(n.raw)), doc);
    // Without its prefix of letters ("^"): a copy typed with the prefix dropped or added.
    const unprefixed = unprefixedNumber(n.raw);
    if (unprefixed !== undefined) pushTo(this.documentsByNumber, `^${numberKey(type, n.currency, unprefixed)}`, doc);
    const stem = numberStem(n.raw);
    if (stem !== undefined) pushTo(this.documentsByNumber, `~${numberKey(type, n.currency, stem)}`, doc);
    // Its digits grouped by separators, each group without its leading zeros ("=", and "~=" its stem's).
    const grouped = segmentedNumber(n.raw);
    if (grouped !== undefined) pushTo(this.documentsByNumber, `=${numberKey(type, n.currency, grouped)}`, doc);
    const groupedStem = segmentedNumber(rawStem(n.raw) ?? "");
    if (groupedStem !== undefined) pushTo(this.documentsByNumber, `~=${numberKey(type, n.currency, groupedStem)}`, doc);
  }

  entryAt(seq: number): HistoryEntry {
    return { id: this.seqById.keyAt(this.idEntryOf[seq]!), seq, ms: this.msOf[seq]!, amount: this.amountOf[seq]! };
  }

  /** When the (latest) invoice with this id is dated (ms), if the history has it with a date. */
  invoiceMs(id: string): number | undefined {
    const seq = this.seqById.get(id);
    if (seq === undefined || this.invoiceAt[seq] !== 1) return undefined;
    const ms = this.msOf[seq]!;
    return Number.isNaN(ms) ? undefined : ms;
  }

  /** The absolute amount of the transaction at position `seq`. */
  amountAt(seq: number): number {
    return this.amountOf[seq]!;
  }

  /** Whether the transaction at position `seq` is an invoice. */
  isInvoiceAt(seq: number): boolean {
    return this.invoiceAt[seq] === 1;
  }

  /** The amount of the (latest) invoice with this id, if the history has one. */
  invoiceAmount(id: string): number | undefined {
    const seq = this.seqById.get(id);
    if (seq !== undefined && this.invoiceAt[seq] === 1) return this.amountOf[seq];
    return this.shadowedInvoices.get(id);
  }

  /** Counts a document's key (documentKey; addLedgerEntry). */
  countDocumentKey(key: string | ByteKey) {
    this.documentKeys.addKey(key, 1);
    this.keyFilter?.add(key, 1);
  }

  /** The filter in front of documentKeys (document-key-filter.ts). */
  documentKeyFilter(): DocumentKeyFilter {
    return (this.keyFilter ??= DocumentKeyFilter.of(this.documentKeys));
  }

  /** The documents of the history with this fingerprint, in history position order. */
  withFingerprint(fp: string): readonly HistoryEntry[] | undefined {
    const first = this.fingerprintFirst.get(fp);
    if (first === undefined) return undefined;
    const later = this.fingerprintLater.get(first);
    if (!later) return [this.entryAt(first)];
    if (later.length < KEPT_TWIN_GROUP) return [first, ...later].map((seq) => this.entryAt(seq));
    // Every document of a large group asks for the whole group (a vendor paid the same amount
    // every week, a subscription billed alike every month): made once, not once per document —
    // 4,000 payments of one vendor and amount made 16 million entries (their ids decoded from the
    // table) in one scan, 31.8 s. Kept while the group is as long as when it was made.
    const kept = this.twinGroups.get(first);
    if (kept !== undefined && kept.length === later.length + 1) return kept;
    const entries = [first, ...later].map((seq) => this.entryAt(seq));
    this.twinGroups.set(first, entries);
    return entries;
  }

  /** withFingerprint's large groups, by their first document's position. */
  private readonly twinGroups = new Map<number, readonly HistoryEntry[]>();

  /**
   * The dated documents of this fingerprint in time order (before(): by date, then history
   * position), for the questions "is there one after this and by then" (payment-returns.ts): a
   * binary search in place of a walk over the group for each pair asked about. A large group's is
   * made once, as withFingerprint's.
   */
  datedInOrder(fp: string): readonly HistoryEntry[] | undefined {
    const all = this.withFingerprint(fp);
    if (all === undefined) return undefined;
    const first = all[0]!.seq;
    const kept = all.length >= KEPT_TWIN_GROUP ? this.datedGroups.get(first) : undefined;
    if (kept !== undefined && kept.size === all.length) return kept.dated;
    const dated = all.filter((e) => !Number.isNaN(e.ms)).sort((a, b) => a.ms - b.ms || a.seq - b.seq);
    if (all.length >= KEPT_TWIN_GROUP) this.datedGroups.set(first, { size: all.length, dated });
    return dated;
  }

  /** datedInOrder's large groups, by their first document's position, with the group's size when made. */
  private readonly datedGroups = new Map<number, { size: number; dated: readonly HistoryEntry[] }>();

  /**
   * How many payment cards were charged a document of this fingerprint (but for its card) twice
   * within `windowDays` (duplicate-document.ts): the price many cardholders pay a merchant again
   * within days — a café's 4.75 — is the merchant's, not a copy. 0 when the fingerprint names no
   * card. Counted over the whole ledger on first use, only by a scan that meets a card's copy.
   */
  cardsRepeating(fp: string, windowDays: number): number {
    const key = withoutCard(fp);
    if (key === undefined) return 0;
    if (this.cardRepeats?.windowDays !== windowDays) this.cardRepeats = { windowDays, counts: this.countCardRepeats(windowDays) };
    return this.cardRepeats.counts.get(key) ?? 0;
  }

  private cardRepeats: { windowDays: number; counts: Map<string, number> } | undefined;

  private countCardRepeats(windowDays: number): Map<string, number> {
    const counts = new Map<string, number>();
    const table = this.fingerprintFirst;
    for (let i = 0; i < table.size; i++) {
      const first = table.valueAt(i);
      const later = this.fingerprintLater.get(first);
      if (!later) continue;
      const key = withoutCard(table.keyAt(i));
      if (key === undefined) continue;
      if (repeatsWithin([first, ...later].map((seq) => this.msOf[seq]!), windowDays)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  addFingerprint(fp: string | ByteKey, seq: number) {
    const firsts = this.fingerprintFirst;
    const entry = firsts.entryOfKey(fp, seq);
    if (!firsts.inserted) {
      const first = firsts.valueAt(entry);
      const later = this.fingerprintLater.get(first);
      if (later) later.push(seq);
      else this.fingerprintLater.set(first, [seq]);
    }
  }

  private scratch = new Int32Array(0);

  /** Counts the transaction's categorical values, pairs and triples; returns their codes (a
   *  scratch array, valid until the next call). */
  countCategoricals(t: Transaction, delta: number): Int32Array {
    const readers = this.readers;
    const n = readers.length;
    const codes = this.scratch;
    const earlier = this.earlierLinesOf(t);
    for (let i = 0; i < n; i++) {
      const v = readers[i]!(t);
      if (v === undefined) {
        codes[i] = NO_VALUE;
        continue;
      }
      const m = this.valueCodes[i]!;
      const counts = this.codeCounts[i]!;
      let c = m.get(v);
      if (c === undefined) {
        c = counts.length;
        m.set(v, c);
        counts.push(0);
      }
      codes[i] = c;
      if (earlier.length > 0 && hasValue(earlier, i, c)) continue;
      counts[c]! += delta;
      if (earlier.length === 0 || !hasAnyValue(earlier, i)) this.fieldTotals[i]! += delta;
    }
    for (let i = 0; i < n; i++) {
      const a = codes[i]!;
      if (a < 0) continue;
      const row = this.pairCounts[i]!;
      for (let j = i + 1; j < n; j++) {
        const b = codes[j]!;
        if (b >= 0 && (earlier.length === 0 || !hasPair(earlier, i, j, a, b))) row[j]!.add(a, b, delta);
      }
    }
    if (this.triples.triples.length > 0) this.triples.add(codes, delta, earlier);
    if (this.documentKey !== undefined && earlier.length < MAX_DOCUMENT_LINES) earlier.push(codes.slice());
    return codes;
  }

  /**
   * The codes of the earlier lines of t's document when t continues the document of the entry
   * counted last (the lines of a document are consecutive in a ledger export); else none, and t
   * begins a new one.
   */
  private earlierLinesOf(t: Transaction): Int32Array[] {
    const key = this.documentReader?.(t);
    if (key === undefined || key !== this.documentKey) {
      this.documentKey = key;
      if (this.documentLines.length > 0) this.documentLines = [];
    }
    return this.documentLines;
  }

  /** The document an entry is a line of, when the entries are lines of documents. */
  documentOf(t: Transaction): string | undefined {
    return this.documentReader?.(t);
  }

  /** Per position: 1 when the entry continues the document of the entry before it (full history,
   *  a document column known): a document's lines where the dates carry no time to tell them. */
  private continuesAt = new Uint8Array(1024);
  private markedDocument: string | undefined;
  private markedSeq = -2;

  /** Notes the document (documentOf) of the entry at `seq` (positions in order, as the history is built). */
  markDocument(seq: number, key: string | undefined) {
    if (this.documentReader === undefined) return;
    while (seq >= this.continuesAt.length) this.continuesAt = doubled(this.continuesAt);
    this.continuesAt[seq] = key !== undefined && key === this.markedDocument && seq === this.markedSeq + 1 ? 1 : 0;
    this.markedDocument = key;
    this.markedSeq = seq;
  }

  /** Whether the entry at `seq` is a line of the same document as the one before it. */
  continuesDocument(seq: number): boolean {
    return this.continuesAt[seq] === 1;
  }

  /** Whether documents are known (a document column was found or configured). */
  get knowsDocuments(): boolean {
    return this.documentReader !== undefined;
  }

  /** The transaction's categorical values and their codes (nothing is counted). */
  coded(t: Transaction): CodedValues {
    const n = this.readers.length;
    const values = new Array<string | undefined>(n);
    const codes = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const v = this.readers[i]!(t);
      values[i] = v;
      codes[i] = v === undefined ? NO_VALUE : (this.valueCodes[i]!.get(v) ?? UNSEEN);
    }
    return { values, codes };
  }

  /** How many categorical fields are read (the width of coded()'s arrays). */
  get fieldCount(): number {
    return this.readers.length;
  }

  /** Per categorical field: its values by their codes (CountedCodes). */
  valuesByCode(): string[][] {
    return this.valueCodes.map((m) => {
      const byCode = new Array<string>(m.size);
      for (const [value, code] of m) byCode[code] = value;
      return byCode;
    });
  }

  /** The history's codes of these values (indexed like the categorical fields). */
  codesOf(values: readonly (string | undefined)[]): Int32Array {
    const codes = new Int32Array(values.length);
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      codes[i] = v === undefined ? NO_VALUE : (this.valueCodes[i]!.get(v) ?? UNSEEN);
    }
    return codes;
  }

  valueCount(field: number, value: string): number {
    const c = this.valueCodes[field]!.get(value);
    return c === undefined ? 0 : this.codeCounts[field]![c]!;
  }

  /** The count of a value by its code (0 for NO_VALUE and UNSEEN). */
  codeCount(field: number, code: number): number {
    return code < 0 ? 0 : this.codeCounts[field]![code]!;
  }

  /** Per categorical field: value → count (built on each call: for tests and tools). */
  get valueCounts(): Map<string, number>[] {
    return this.valueCodes.map((m, i) => new Map([...m].map(([v, c]) => [v, this.codeCounts[i]![c]!])));
  }

  /** How many values field i has. */
  distinctValues(field: number): number {
    return this.codeCounts[field]!.length;
  }

  /** Field i's values and their counts, in order of first appearance; read by candidate findings
   *  only, never per transaction. */
  *valuesOf(field: number): IterableIterator<[string, number]> {
    const counts = this.codeCounts[field]!;
    for (const [value, code] of this.valueCodes[field]!) yield [value, counts[code]!];
  }

  pairCount(i: number, j: number, a: string, b: string): number {
    const ca = this.valueCodes[i]!.get(a);
    const cb = this.valueCodes[j]!.get(b);
    return ca === undefined || cb === undefined ? 0 : this.pairCounts[i]![j]!.get(ca, cb);
  }

  /** The count of a pair of values by their codes (i < j; 0 when either has no code). */
  pairCountOfCodes(i: number, j: number, a: number, b: number): number {
    return a < 0 || b < 0 ? 0 : this.pairCounts[i]![j]!.get(a, b);
  }

  /** pairCountOfCodes for a reader that only needs to know whether it is above `cap`: a count
   *  above `cap` may come back as cap + 1 (CodePairCounts.getCapped). */
  pairCountOfCodesCapped(i: number, j: number, a: number, b: number, cap: number): number {
    return a < 0 || b < 0 ? 0 : this.pairCounts[i]![j]!.getCapped(a, b, cap);
  }

  amountQuantile(q: number): number {
    return quantile(this.sortedAmounts, q);
  }
}

/**
 * Where a document's supply goes, when the source says: the site, ship-to or service location of
 * a customer with several. Two identical invoices to two sites of one customer (a subscription
 * billed per branch, the same order delivered to two warehouses) are two supplies, not one
 * billed twice; a copy of an invoice keeps its site. Names are compared without case or
 * separators (SiteId = site_id).
 */
export const LOCATION_FIELDS = ["site", "site_id", "site_code", "ship_to", "ship_to_id", "ship_to_party", "ship_to_address", "delivery_address", "service_address", "service_location", "location", "location_id"] as const;
const locationOf = markerMatcher(LOCATION_FIELDS, "any");

/**
 * Which visit or job a document bills, when the source says: the work order (job, ticket,
 * service order) or the day the work was done. A field-service customer calls again, and the
 * technician's second visit for the same task bills exactly what the first did — same customer,
 * task and price — under another work order on another day; a copy of an invoice keeps its work
 * order and its service day. Every such attribute the document has is part of its fingerprint.
 */
export const VISIT_FIELDS = [
  "work_order", "work_order_id", "work_order_no", "work_order_number", "wo_number", "job", "job_id", "job_no", "job_number",
  "service_order", "service_order_id", "service_order_no", "service_ticket", "ticket", "ticket_id", "ticket_no", "ticket_number",
  // A hauler's roll-off haul: the landfill's scale ticket weighed its load (one ticket, one haul).
  "scale_ticket", "scale_ticket_no", "scale_ticket_number", "weigh_ticket", "weight_ticket",
  "visit", "visit_id", "visit_no", "appointment_id", "dispatch_id", "service_date", "visit_date", "job_date", "work_date",
  // A medical claim's date of service (CMS-1500 box 24A): the same patient's follow-up on another
  // day bills what the first visit did; a copy of the claim keeps its day.
  "date_of_service", "dos",
  // A staffing agency's weekly invoice: the timesheet it bills and the week worked. A worker
  // billed the same 40 hours week after week bills four timesheets of four weeks; a copy keeps
  // its timesheet and its week.
  "timesheet", "timesheet_id", "timesheet_no", "timesheet_number", "week_ending", "week_ending_date", "week_end_date", "weekend_date",
] as const;

/**
 * Which timesheet or ticket a document bills, when the source says: a timesheet is approved once
 * and billed once, a ticket (a scale ticket weighing one haul, a T&M or service ticket) is closed
 * once and billed once, so two invoices of the same lines naming the same one are a copy however
 * far apart they were issued (the billing run picked the approved timesheet, or dispatch re-sent
 * the completed work order, weeks later), where a copy of anything else is looked for within the
 * window only.
 */
export const TIMESHEET_FIELDS = ["timesheet", "timesheet_id", "timesheet_no", "timesheet_number"] as const;
export const TICKET_FIELDS = ["ticket", "ticket_id", "ticket_no", "ticket_number", "service_ticket", "scale_ticket", "scale_ticket_no", "scale_ticket_number", "weigh_ticket", "weight_ticket"] as const;
const timesheetKeys = new Set<string>([...TIMESHEET_FIELDS, ...TICKET_FIELDS].map(attributeKey));

/** Whether a fingerprint names the timesheet or ticket its document bills (visitOf's `|#TIMESHEET…=`, `|#TICKET…=` part): billed once. */
export function namesTimesheet(fp: string): boolean {
  if (!fp.includes("|#")) return false;
  for (const part of fp.split("|")) {
    const eq = part.indexOf("=");
    if (part.startsWith("#") && eq > 1 && timesheetKeys.has(part.slice(1, eq))) return true;
  }
  return false;
}

/**
 * Which payment card was charged, when a card feed says (Brex's `Card Last Four`, Concur's masked
 * `Card Number`, Ramp's `Card`, the cardholder of an unmapped card column). Two employees buying
 * the same 6.65 coffee, or the same 20.00 seat of a subscription, at one merchant in one week are
 * two purchases on two cards; a merchant charging a card twice charges the same card. Every such
 * attribute the transaction has is part of its fingerprint, as a visit's are.
 */
export const PAYMENT_CARD_FIELDS = [
  "card", "card_id", "card_name", "card_number", "card_no", "card_last_4", "card_last4", "card_last_four", "card_last_digits",
  "last_4", "last4", "last_four", "masked_card", "masked_card_number", "masked_pan", "card_token", "card_account",
  "cardholder", "card_holder", "cardholder_name", "card_holder_name", "card_member", "cardmember",
] as const;

/**
 * Which shipment a freight bill is for (its bill of lading, shipment id, waybill or consignment
 * note), and which package a parcel carrier's charges are for (its tracking number). A carrier
 * bills each shipment once: two minimum-charge shipments of one account in one fuel week are
 * billed alike, to the cent, and are two shipments — so are an e-commerce shipper's identical
 * boxes to one zone, each under its own tracking number —; the same bill of lading or tracking
 * number billed under a new pro or document number is the same shipment billed twice.
 */
export const SHIPMENT_FIELDS = [
  "bol", "bol_no", "bol_number", "bol_id", "bill_of_lading", "bill_of_lading_no", "bill_of_lading_number",
  "shipment_id", "shipment_no", "shipment_number", "waybill", "waybill_no", "waybill_number", "air_waybill", "awb", "awb_number",
  "consignment_note", "consignment_no", "consignment_number",
  "tracking", "tracking_no", "tracking_number", "tracking_id", "package_tracking", "package_tracking_no", "package_tracking_number", "package_id",
] as const;

/**
 * Whose services a medical claim bills: the patient (account, id, medical record number) or the
 * insured member. A claim is billed to the payer, the customer, and two patients' office visits of
 * one code billed to one payer in one week are alike to the cent; they are two claims. A claim
 * re-keyed under a new claim id keeps its patient.
 */
export const PATIENT_FIELDS = [
  "patient", "patient_id", "patient_no", "patient_number", "patient_account", "patient_account_no", "patient_account_number",
  "patient_acct", "patient_acct_no", "mrn", "medical_record_number", "medical_record_no", "chart_number", "chart_no",
  "member_id", "member_number", "subscriber_id", "insured_id", "insured_id_number",
] as const;

/**
 * Which instalment of a payment plan an invoice bills (`Installment`, `Installment No`): a premium
 * plan's or a payment plan's instalments are equal shares, and the second instalment's invoice may
 * follow the down payment's by days (a policy issued late); a re-run billing one instalment twice
 * keeps its number. The plan's count of instalments (`Installments`) is the same on all of them and
 * is not read.
 */
export const INSTALMENT_FIELDS = [
  "installment", "installment_no", "installment_number", "installment_seq", "instalment", "instalment_no", "instalment_number", "instalment_seq",
] as const;

/**
 * A document's own status, where the export keeps one per row (a payouts report's `Status`, a
 * payments export's `Payment Status`): a payout the seller's bank returned, a payment rejected or
 * voided, stays in the export beside the one sent again. Only a status saying it was never made
 * (STATUS_NOT_MADE) is part of the fingerprint: the failed payout and the payout sent again are
 * then two documents, while two paid ones, or two failed ones, are still copies.
 */
export const DOCUMENT_STATUS_FIELDS = ["status", "payment_status", "payout_status", "transfer_status", "transaction_status", "check_status"] as const;
const STATUS_NOT_MADE = new Set(["FAILED", "FAILURE", "RETURNED", "REJECTED", "CANCELED", "CANCELLED", "VOID", "VOIDED", "REVERSED", "BOUNCED", "DECLINED", "STOPPED"]);
const statusKeys = new Set<string>(DOCUMENT_STATUS_FIELDS.map(attributeKey));

/**
 * The service period a contract's invoice bills, by its first and its last day: an ERP's billing
 * schedule issues one invoice per contract and period (`Service Start Date`, `Service End Date`),
 * so two invoices of the same lines naming the same contract and period are a copy however far
 * apart they were issued (a re-issue under a new PO weeks later, the original never credited),
 * and four quarters of one price are four periods (billedContractPeriod).
 */
export const PERIOD_START_FIELDS = ["service_start", "service_start_date", "service_from", "service_period_start", "service_period_start_date", "period_start", "period_start_date", "period_from", "billing_period_start", "billing_period_start_date"] as const;
export const PERIOD_LAST_DAY_FIELDS = ["service_end", "service_end_date", "service_to", "service_through", "service_period_end", "service_period_end_date", "period_end", "period_end_date", "period_to", "billing_period_end", "billing_period_end_date"] as const;
const periodStartKeys = new Set<string>(PERIOD_START_FIELDS.map(attributeKey));
const periodEndKeys = new Set<string>(PERIOD_LAST_DAY_FIELDS.map(attributeKey));

/** Whether a document names its contract and its fingerprint the first and last day of the period it bills: billed once. */
export function billedContractPeriod(t: Transaction, fp: string): boolean {
  if (t.contract_id === undefined || t.contract_id === "" || !fp.includes("|#")) return false;
  let start = false, end = false;
  for (const part of fp.split("|")) {
    const eq = part.indexOf("=");
    if (!part.startsWith("#") || eq < 2) continue;
    const k = part.slice(1, eq);
    if (periodStartKeys.has(k)) start = true;
    else if (periodEndKeys.has(k)) end = true;
  }
  return start && end;
}

/** Any of the lists above and the status columns: one look-up of an attribute's name per document of the history. */
const suppliedToField = attributeNameMatcher([...VISIT_FIELDS, ...PAYMENT_CARD_FIELDS, ...SHIPMENT_FIELDS, ...PATIENT_FIELDS, ...INSTALMENT_FIELDS, ...PERIOD_START_FIELDS, ...PERIOD_LAST_DAY_FIELDS, ...DOCUMENT_STATUS_FIELDS]);

/**
 * Whether the document's own status is kept in the export and says it stands (a status column
 * filled with anything but STATUS_NOT_MADE: Posted, Paid, Open): an export that keeps statuses marks
 * a document it replaced Voided, so a twin of the same fingerprint — which a void would have set
 * apart — still stands beside it.
 */
export function standsByStatus(t: Transaction): boolean {
  const status = filledAttributeOf(t, statusKeys);
  return status !== undefined && !STATUS_NOT_MADE.has(attributeKey(status));
}

const shipmentKeys = new Set<string>(SHIPMENT_FIELDS.map(attributeKey));

/** The shipment or package the document names (its bill of lading, tracking number…), trimmed and in capitals; undefined: none. */
export function shipmentNamed(t: Transaction): string | undefined {
  return filledAttributeOf(t, shipmentKeys)?.trim().toUpperCase();
}

const patientKeys = new Set<string>(PATIENT_FIELDS.map(attributeKey));

/** Whether the document names a patient (a medical claim: `Patient Account`, `Member ID`…). */
export function namesPatient(t: Transaction): boolean {
  return filledAttributeOf(t, patientKeys) !== undefined;
}

/** The value of the document's first filled attribute whose name is one of `keys` (suppliedToField's). */
function filledAttributeOf(t: Transaction, keys: ReadonlySet<string>): string | undefined {
  const attrs = t.attributes;
  if (!attrs) return undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (v === null || v === undefined || v === "") continue;
    const k = suppliedToField(name);
    if (k !== null && keys.has(k)) return String(v);
  }
  return undefined;
}

const cardKeys = new Set<string>(PAYMENT_CARD_FIELDS.map(attributeKey));

/** A fingerprint without the payment cards it names (visitOf's `|#CARD…=` parts); undefined when it names none. */
export function withoutCard(fp: string): string | undefined {
  if (!fp.includes("|#")) return undefined;
  let found = false;
  const kept = fp.split("|").filter((part) => {
    const eq = part.indexOf("=");
    const card = part.startsWith("#") && eq > 1 && cardKeys.has(part.slice(1, eq));
    found ||= card;
    return !card;
  });
  return found ? kept.join("|") : undefined;
}

/** Whether two of these moments (ms since 1970; NaN: undated) are at most `windowDays` apart. */
export function repeatsWithin(moments: number[], windowDays: number): boolean {
  const dated = moments.filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
  for (let i = 1; i < dated.length; i++) if (daysBetween(dated[i - 1]!, dated[i]!) <= windowDays) return true;
  return false;
}

function visitOf(attrs: NonNullable<Transaction["attributes"]>): string {
  let out = "";
  for (const name in attrs) {
    const v = attrs[name];
    if (v === null || v === undefined || v === "") continue;
    const k = suppliedToField(name);
    if (k === null) continue;
    if (!statusKeys.has(k)) out += `|#${k}=${String(v).trim().toUpperCase()}`;
    else if (STATUS_NOT_MADE.has(attributeKey(String(v)))) out += "|!not_made";
  }
  return out;
}

/**
 * Same type, counterparty, currency, amount and lines (and site, work order and service day, the card charged, the
 * shipment's bill of lading, a claim's patient, the instalment's number, the contract, and a ledger line's account, where the source has them): what two copies of one document share. A payment's reference (the invoice it pays) is part of it:
 * two equal payments to one vendor for two invoices (two sites' identical licence fees) are two
 * payments, the same invoice paid twice is one paid twice.
 */
export function fingerprint(t: Transaction): string {
  const site = t.attributes ? locationOf(t) : undefined;
  const at = site === undefined ? "" : `|@${site.slice(site.indexOf("=") + 1).trim().toUpperCase()}`;
  const visit = t.attributes ? visitOf(t.attributes) : "";
  // Built for every invoice and payment of the history: one line needs no sorting and the
  // parts need no array (same string as sorting and joining them).
  const n = t.lines.length;
  let lines = "";
  if (n === 1) lines = lineFingerprint(t.lines[0]!);
  else if (n > 1) {
    const keys = new Array<string>(n);
    for (let i = 0; i < n; i++) keys[i] = lineFingerprint(t.lines[i]!);
    lines = keys.sort().join(",");
  }
  const paid = t.type === "payment" && t.reference !== undefined ? `|${t.reference}` : "";
  // Two contracts bill two supplies: a corporate tenant's identical leases of two apartments, a
  // customer's two subscriptions at one price. A copy keeps its contract.
  const under = t.contract_id !== undefined ? `|#${t.contract_id}` : "";
  // A general ledger's line (no lines of its own, its account an attribute) is a posting to that
  // account: a bill's payable line and its payment's cash line, one vendor and amount days apart,
  // are two accounts' postings, where a bill keyed twice posts to the same accounts again.
  const account = n === 0 && t.attributes ? ledgerAccountOf(t.attributes) : "";
  const posted = account ? `|$${account}` : "";
  // An allowance claimed under an agreement claims a period (the week of scans, the shipments):
  // the same deal's claim of another week alike is another claim, a copy claims the same week.
  const claimed = t.type === "credit_note" ? claimedPeriod(t) : "";
  return `${t.type ?? ""}|${t.customer_id ?? ""}|${t.currency ?? ""}|${(t.amount ?? 0).toFixed(2)}|${lines}${at}${visit}${paid}${under}${posted}${claimed}`;
}

/**
 * Whether the history fingerprints the document to find its copies: invoices and payments, and a
 * credit note claiming under the agreement it names (its `contract_id`: a retailer's deduction for
 * a trade promotion, a rebate credited under its programme) for the period its lines state (their
 * work dates: the week of scans claimed) — claimed once, as an invoice is billed once
 * (claimed-twice.ts). Other credit notes are judged against the invoice they name. And a general
 * ledger's journal line naming a counterparty on an account (no lines of its own): a payment
 * made again by a journal, or a payment the bank returned booked back by one, is found by its
 * fingerprint (paid-by-journal.ts, payment-returns.ts); its type keeps it apart from the documents'.
 */
export function fingerprinted(t: Transaction): boolean {
  if (t.type === "invoice" || t.type === "payment") return true;
  if (t.type === "journal_entry") return t.customer_id !== undefined && t.lines.length === 0 && ledgerAccountOf(t.attributes) !== "";
  return t.type === "credit_note" && t.contract_id !== undefined && t.contract_id !== "" && t.lines.some((l) => l.work_date);
}

/** The days a credit note's lines claim for (their own work dates), sorted: `|~day,day` ("" with none). */
function claimedPeriod(t: Transaction): string {
  let days: string[] | undefined;
  for (const l of t.lines) if (l.work_date) (days ??= []).push(l.work_date.slice(0, 10));
  return days ? `|~${[...new Set(days)].sort().join(",")}` : "";
}

function lineFingerprint(l: Transaction["lines"][number]): string {
  return `${l.sku ?? ""}:${l.quantity ?? ""}:${l.amount !== undefined ? l.amount.toFixed(2) : ""}`;
}

/** The key of documents of one type and currency under one (canonical) counterparty number. */
export function numberKey(type: string, currency: string, canon: string): string {
  return `${type}|${currency}|${canon}`;
}

/** What the history records of a document's counterparty number (none without one). `fp`: its fingerprint. */
export function documentNumberOf(t: Transaction, fp: string): DocumentNumber | undefined {
  let raw = counterpartyNumberOf(t);
  // Where no column names it, the document column may (a counterparty's line only: the ledger judges which, recordNumber).
  const fromDocumentColumn = raw === undefined;
  if (fromDocumentColumn) raw = t.customer_id === undefined ? undefined : documentColumnNumberOf(t);
  if (raw === undefined) return undefined;
  const net = t.tax_amount === undefined ? Number.NaN : Math.abs(t.amount ?? 0) - Math.abs(t.tax_amount);
  return { raw, type: t.type ?? "", currency: t.currency ?? "", customer: t.customer_id ?? "", notMade: fp.includes("|!not_made"), net, settled: settledAmount(t), accountSide: ledgerSideOf(t), ...(fromDocumentColumn ? { fromDocumentColumn } : {}) };
}

/** A general ledger line's account and side, "<account> DR" or "<account> CR" ("" when the line
 *  names no account: a document). The history keeps amounts unsigned. */
export function ledgerSideOf(t: Transaction): string {
  const account = ledgerAccountOf(t.attributes);
  return account ? `${account} ${(t.amount ?? 0) < 0 ? "CR" : "DR"}` : "";
}

/** What copies of one document share cheaply: type, counterparty and amount (document-key-filter.ts; the amount as its 8 bytes). */
export function documentKey(t: Transaction): string {
  const b = amountBytes(t.amount ?? 0);
  return `${t.type}|${t.customer_id ?? ""}|${String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!, b[4]!, b[5]!, b[6]!, b[7]!)}`;
}

/**
 * The history's documents that may be copies of `txn` (those of its fingerprint, in history
 * order), or undefined when none can be: only a document whose cheap key occurs besides itself
 * (`self`, its own entry when the history has it) has a twin, and the fingerprint is built only
 * then. duplicate_invoice and a re-issue's pricing day (line-facts.ts) both ask; an analysis asks
 * once (DetectorInput.twins), since the key's string and its hash were a tenth of a scan worker.
 */
export function documentTwins(history: HistoryStats, txn: Transaction, self: HistoryEntry | undefined): readonly HistoryEntry[] | undefined {
  // The filter first: its bound is never below the key's count, and nearly always 0 or 1 (self).
  if (history.documentKeyFilter().bound(txn.type, txn.customer_id ?? "", txn.amount ?? 0) - (self ? 1 : 0) <= 0) return undefined;
  if ((history.documentKeys.get(documentKey(txn)) ?? 0) - (self ? 1 : 0) <= 0) return undefined;
  return history.withFingerprint(fingerprint(txn));
}

/** Whether credit notes referring to the invoice add up to its whole amount (within a cent): it was
 *  cancelled, and an identical invoice is its re-issue (duplicate_invoice, line-facts.ts). With
 *  `byMs`, only credits dated by then count (an undated one counts): whether it stood on a day. */
export function creditedInFull(history: HistoryStats, invoiceId: string, byMs?: number): boolean {
  const credits = history.creditsByReference.get(invoiceId);
  if (!credits) return false;
  const invoiced = history.invoiceAmount(invoiceId);
  if (invoiced === undefined || invoiced <= 0) return false;
  let credited = 0;
  // A credit to the account (goodwill, an outage) compensates and cancels none of the invoice's charges.
  for (const c of credits) if (!c.toAccount && (byMs === undefined || !(c.ms > byMs))) credited += c.amount;
  return credited >= invoiced - 0.01;
}

/** The key of a counterparty's invoices and payments in one currency (HistoryStats.counterpartyDocuments), or undefined for another type, no counterparty or no amount. */
export function counterpartyDocumentKey(t: Transaction): string | undefined {
  if ((t.type !== "invoice" && t.type !== "payment") || t.customer_id === undefined || !t.amount) return undefined;
  return `${t.customer_id}\u0000${t.currency ?? ""}`;
}

/** History order: by date, then by position in the source. */
export function before(a: HistoryEntry, b: HistoryEntry): boolean {
  return beforeEntry(a.ms, a.seq, b);
}

/** before() of the entry at (ms, seq), without making its HistoryEntry. */
function beforeEntry(ms: number, seq: number, b: HistoryEntry): boolean {
  const am = Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
  const bm = Number.isNaN(b.ms) ? Number.POSITIVE_INFINITY : b.ms;
  return am !== bm ? am < bm : seq < b.seq;
}

const EMPTY_PAIRS = new CodePairCounts();

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
