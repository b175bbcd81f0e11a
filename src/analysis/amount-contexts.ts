// What amounts are usual where: robust summaries (median and MAD of log amounts) per context — a
// value of a categorical field (an account, a user, a document type...), the counterparty, the
// SKU of a line — always within one currency, since amounts of different currencies are not
// comparable (a company's amounts are judged in its own currency). And the routines that
// explain unusual amounts: the same user posting to the same context again and again (a payroll
// run to the bank account, a quarter-end accrual to an expense account) is regular business,
// however far its amounts are from everybody else's there.
// Each context keeps a seeded reservoir of its log amounts, so memory stays bounded on any history.
import { accountFieldIndex } from "./account-field.ts";
import type { Transaction } from "../domain/transaction.ts";
import { fieldReader, type FieldReader } from "./fields.ts";
import { PairCounts, type PairCountsParts } from "./pair-counts.ts";
import { templateReader } from "./numbered-text.ts";
import { SeededRandom } from "./random.ts";
import { lowerBound } from "./sorted-search.ts";
import { logAmount, robustSummaryOfSorted, type RobustSummary } from "./stats.ts";

const CONTEXT_SAMPLE = 1000;
const ROUTINE_SAMPLE = 200;

/** A context the amount detector judges against: a field and how to read its amounts. */
export interface AmountContextField {
  /** `customer_id`, `sku` (per line) or a categorical field. */
  field: string;
  read: FieldReader;
  /** Line amounts per SKU rather than the transaction's amount. */
  perLine: boolean;
  /** Not a context: the field whose value is the entry's kind (kind-field.ts), read to keep each
   *  context's amounts of one kind as a routine of their own. Last of the fields, at most one. */
  kind?: boolean;
}

/** Kinds share the routines' table with the users: a kind's code is that of this prefix and its
 *  value, a name no user has. */
const KIND_PREFIX = "\u0001kind\u0001";

export interface ContextSummary extends RobustSummary {
  /** The largest amount seen (money, not log). */
  max: number;
  /** The (sampled) log amounts, ascending: how many postings reached a level. */
  sorted: Float64Array;
  /** The sample in the order it was drawn, and each value's history position: when the postings
   *  at a level were made (amount-outlier.ts reads them only for an entry far above the usual,
   *  so they are not sorted with `sorted`, which every summary pays for). */
  sample: Float64Array;
  positions: Int32Array;
}

/** About how many of the context's postings have a log amount of at least `log` (the sample
 *  scaled up to the context's size). */
export function postingsAtLeast(s: ContextSummary, log: number): number {
  const v = s.sorted;
  return v.length === 0 ? 0 : ((v.length - lowerBound(v, log)) * s.n) / v.length;
}

class Reservoir {
  n = 0;
  readonly values: number[] = [];
  /** The history position of each value. */
  readonly positions: number[] = [];
  constructor(private readonly cap: number) {}
  add(v: number, rng: SeededRandom, position: number) {
    this.n++;
    if (this.values.length < this.cap) {
      this.values.push(v);
      this.positions.push(position);
    } else {
      const j = Math.floor(rng.next() * this.n);
      if (j < this.cap) {
        this.values[j] = v;
        this.positions[j] = position;
      }
    }
  }
}

/** `templated`: the categorical fields the history reads by their templates (numbered-text.ts), read so here too. */
export function amountContextFields(categorical: readonly string[], kind?: string, templated: ReadonlySet<string> = new Set()): AmountContextField[] {
  // A SKU's usual is its line amounts (an invoice of five lines is not five times a SKU's line).
  const out: AmountContextField[] = categorical.filter((f) => f !== "sku").map((field) => ({ field, read: templated.has(field) ? templateReader(fieldReader(field)) : fieldReader(field), perLine: false }));
  if (!categorical.includes("customer_id")) out.push({ field: "customer_id", read: fieldReader("customer_id"), perLine: false });
  out.push({ field: "sku", read: fieldReader("sku"), perLine: true });
  if (kind !== undefined) out.push({ field: kind, read: fieldReader(kind), perLine: false, kind: true });
  return out;
}

const readUser = fieldReader("created_by");

/** What the contexts read of a line. */
export interface AmountLine {
  sku?: string;
  amount?: number;
}

/** One context's amounts while they are gathered (AmountContextsBuilder). Nested maps keyed by
 *  the strings the transaction already holds: no key is built per lookup. Per user the amounts of
 *  their routine there, found by (id, user code) in one table of numbers (pair-counts.ts) rather
 *  than a Map of users per context: thousands of small Maps probed at random (every context of
 *  every entry, in both passes) cost a cache miss or two each, more than all the rest of the
 *  lookup. */
interface Node {
  /** Numbered in order of creation: the finished contexts' index (AmountContexts). */
  id: number;
  all: Reservoir;
  /** Whether the context keeps its users' routines (not a context of the user field itself). */
  routines: boolean;
}

/** Where amounts are comparable: the currency, and the company (or whatever field determines
 *  the currency) when there is one — a company's amounts are in its own currency even where a
 *  source labels entries with the document's currency. */
export type ScopeReader = (t: Transaction) => string;

/** A field of few values (2–MAX_SCOPE_VALUES) whose every value books mostly (≥ 90 % of its
 *  rows) in one currency is the company code, or plays its part; the one with fewest values
 *  wins. None when amounts come in one currency. */
const MAX_SCOPE_VALUES = 40;

export function scopeReader(sample: readonly Transaction[], categorical: readonly string[]): { read: ScopeReader; field: string | null } {
  const plain: ScopeReader = (t) => t.currency ?? "";
  const currencies = new Set(sample.map((t) => t.currency));
  if (currencies.size < 2) return { read: plain, field: null };
  let best: { field: string; distinct: number } | null = null;
  for (const field of categorical) {
    if (field === "currency") continue;
    const read = fieldReader(field);
    const byValue = new Map<string, Map<string, number>>();
    let rows = 0;
    for (const t of sample) {
      const v = read(t);
      if (v === undefined || !t.currency) continue;
      rows++;
      let m = byValue.get(v);
      if (!m) byValue.set(v, (m = new Map()));
      m.set(t.currency, (m.get(t.currency) ?? 0) + 1);
    }
    if (byValue.size < 2 || byValue.size > MAX_SCOPE_VALUES || rows < sample.length / 2) continue;
    let dominant = 0;
    for (const m of byValue.values()) dominant += Math.max(...m.values());
    if (dominant / rows < 0.9) continue;
    if (!best || byValue.size < best.distinct) best = { field, distinct: byValue.size };
  }
  if (!best) return { read: plain, field: null };
  const company = fieldReader(best.field);
  // Interned: every entry of both passes reads its scope, and the same string object each time
  // keeps the context maps' lookups on their identity fast path (no string built and hashed).
  const interned = new Map<string, Map<string, string>>();
  const read: ScopeReader = (t) => {
    const currency = t.currency ?? "";
    const value = company(t) ?? "";
    let byValue = interned.get(currency);
    if (!byValue) interned.set(currency, (byValue = new Map()));
    let scope = byValue.get(value);
    if (scope === undefined) byValue.set(value, (scope = `${currency}${SEP}${value}`));
    return scope;
  };
  return { read, field: best.field };
}

const SEP = "\u0000";

/** Where a history's amount contexts are built: in process (AmountContextsBuilder) or on a worker
 *  thread (parallel/amount-offload.ts). `codes`: the entry's categorical codes in the history. */
export interface AmountContextsSink {
  add(t: Transaction, seq: number, codes: Int32Array): void;
  finish(): AmountContexts | Promise<AmountContexts>;
}

/** Per amount-context field: its position among the categorical fields (-1: none, or per line). */
export function categoricalPositions(fields: readonly AmountContextField[], categorical: readonly string[]): Int32Array {
  return Int32Array.from(fields, (f) => (f.perLine ? -1 : categorical.indexOf(f.field)));
}

export class AmountContextsBuilder implements AmountContextsSink {
  /** Per field: value → scope → context. */
  private readonly tree: Map<string, Map<string, Node>>[];
  private readonly rng = new SeededRandom(4049);
  /** The contexts in order of creation (their ids): field position, value, scope, sample. */
  private readonly nodeField: number[] = [];
  private readonly nodeValue: string[] = [];
  private readonly nodeScope: string[] = [];
  private readonly nodeSamples: Reservoir[] = [];
  private readonly nodeRoutines: number[] = [];
  /** User → code, in order of first appearance. */
  private readonly users = new Map<string, number>();
  /** The kinds' own random stream: their samples leave the contexts' and users' draws as they were. */
  private readonly kindRng = new SeededRandom(4051);
  /** The user codes that are kinds (KIND_PREFIX). */
  private readonly kindCodes = new Set<number>();
  /** The kind field's position in the fields (-1: none), and the context field it is also. */
  private readonly kindAt: number;
  private readonly kindContext: number;
  /** (node id, user code) → index in routineSamples. */
  private readonly routineIndex = new PairCounts(1024);
  private readonly routineSamples: Reservoir[] = [];
  /** Routine index → its node's id and its user's code. */
  private readonly routineNode: number[] = [];
  private readonly routineUser: number[] = [];
  /** Per field: whether its contexts keep the users' routines (not for the user field itself). */
  private readonly routines: boolean[];
  private readonly lines = new LinesByPosition();
  /** add()'s values per field (scratch). */
  private readonly values: (string | undefined)[];

  constructor(
    readonly fields: readonly AmountContextField[],
    private readonly scope: { read: ScopeReader; field: string | null },
  ) {
    this.tree = fields.map(() => new Map());
    this.routines = fields.map((f) => f.field !== "created_by");
    this.values = fields.map(() => undefined);
    this.accountField = accountFieldIndex(fields);
    this.kindAt = fields.findIndex((f) => f.kind);
    this.kindContext = this.kindAt < 0 ? -1 : fields.findIndex((f) => !f.kind && !f.perLine && f.field === fields[this.kindAt]!.field);
  }

  /** The attribute naming a line-less entry's account (account-field.ts), -1 for none. */
  private readonly accountField: number;

  /** `seq`: the transaction's position in the history (its line's account and user are kept by
   *  position: the lines of one document stand side by side). */
  add(t: Transaction, seq = -1) {
    const amount = Math.abs(t.amount ?? 0);
    const values = this.values;
    for (let i = 0; i < this.fields.length; i++) {
      const f = this.fields[i]!;
      values[i] = f.perLine || amount <= 0 ? undefined : f.read(t);
    }
    this.addValues(this.scope.read(t), readUser(t), seq, t.lines, amount, values);
  }

  /**
   * add() from what it reads of the transaction (amount-offload.ts decodes these in a worker
   * thread): its scope, user, lines, absolute amount and, per non-line field, its value (only
   * read when the amount is positive). Per field in order, per line in order: the contexts'
   * seeded samples draw from one random stream, so the order is the result.
   */
  addValues(currency: string, userName: string | undefined, seq: number, lines: readonly AmountLine[], amount: number, values: readonly (string | undefined)[]) {
    const user = this.userCode(userName);
    const kindValue = this.kindAt >= 0 ? values[this.kindAt] : undefined;
    const kind = kindValue === undefined ? -1 : this.kindCode(kindValue);
    // A ledger line without `lines` (its amount from debit and credit) posts to the account its
    // account attribute names: the same position's neighbour is the other line of its document.
    if (seq >= 0) this.lines.set(seq, lines.length === 1 ? lines[0]!.sku : lines.length === 0 && this.accountField >= 0 ? values[this.accountField] : undefined, user);
    // The transaction's amount has one log, whatever the number of contexts it falls in.
    const log = amount > 0 ? logAmount(amount) : 0;
    for (let i = 0; i < this.fields.length; i++) {
      const f = this.fields[i]!;
      if (f.perLine) {
        for (const line of lines) if (line.sku && line.amount) this.put(i, line.sku, currency, user, logAmount(Math.abs(line.amount)), seq);
      } else if (amount > 0 && !f.kind) {
        const value = values[i];
        if (value !== undefined) this.put(i, value, currency, user, log, seq, i === this.kindContext ? -1 : kind);
      }
    }
  }

  /** The kind's code among the routines' users (assigned on first sight). */
  private kindCode(value: string): number {
    const code = this.userCode(KIND_PREFIX + value);
    this.kindCodes.add(code);
    return code;
  }

  /** The user's code (assigned on first sight); -1 for no user. */
  private userCode(user: string | undefined): number {
    if (user === undefined) return -1;
    let code = this.users.get(user);
    if (code === undefined) this.users.set(user, (code = this.users.size));
    return code;
  }

  private put(i: number, value: string, currency: string, user: number, log: number, position: number, kind = -1) {
    let byCurrency = this.tree[i]!.get(value);
    if (!byCurrency) this.tree[i]!.set(value, (byCurrency = new Map()));
    let node = byCurrency.get(currency);
    if (!node) {
      node = { id: this.nodeSamples.length, all: new Reservoir(CONTEXT_SAMPLE), routines: this.routines[i]! };
      byCurrency.set(currency, node);
      this.nodeField.push(i);
      this.nodeValue.push(value);
      this.nodeScope.push(currency);
      this.nodeSamples.push(node.all);
      this.nodeRoutines.push(node.routines ? 1 : 0);
    }
    node.all.add(log, this.rng, position);
    if (!node.routines) return;
    if (user >= 0) this.routineOf(node.id, user).add(log, this.rng, position);
    if (kind >= 0) this.routineOf(node.id, kind).add(log, this.kindRng, position);
  }

  /** The routine of a user (or a kind) in a context, made on first use. */
  private routineOf(node: number, user: number): Reservoir {
    let r = this.routineIndex.find(node, user, -1);
    if (r < 0) {
      r = this.routineSamples.length;
      this.routineSamples.push(new Reservoir(ROUTINE_SAMPLE));
      this.routineNode.push(node);
      this.routineUser.push(user);
      this.routineIndex.add(node, user, r);
    }
    return this.routineSamples[r]!;
  }

  /** The contexts as the scan reads them: the same figures whether built here or on a worker
   *  thread (amount-offload.ts sends finishParts()). */
  finish(): AmountContexts {
    return AmountContexts.fromParts(this.finishParts(), this.fields, this.scope);
  }

  /**
   * The finished contexts as plain data: each sample summarised straight into the packed arrays
   * (packReservoirs), the contexts in order of creation (a context's id is its index). The worker
   * thread's last step before the main thread can score (amount-offload.ts).
   */
  finishParts(): AmountContextsParts {
    return {
      contexts: { field: Int32Array.from(this.nodeField), routines: Uint8Array.from(this.nodeRoutines), values: this.nodeValue.slice(), scopes: this.nodeScope.slice(), distinct: Int32Array.from(this.tree, (m) => m.size) },
      contextSummaries: packReservoirs(this.nodeSamples),
      users: byCode(this.users),
      routineIndex: this.routineIndex.parts(),
      routineSummaries: packReservoirs(this.routineSamples),
      routineTop: this.topRoutines(),
      lines: this.lines.parts(),
    };
  }

  /** Per context its two largest routines (the user's code and postings): whether one user's
   *  routine is, in all but a few postings, the context itself (routineMain). */
  private topRoutines(): Float64Array {
    const top = new Float64Array(this.nodeSamples.length * 4).fill(-1);
    this.routineSamples.forEach((s, r) => {
      // A kind is no user whose routine could be the whole context (largestOtherRoutine).
      if (this.kindCodes.has(this.routineUser[r]!)) return;
      const k = 4 * this.routineNode[r]!;
      if (s.n > top[k + 1]!) {
        top[k + 2] = top[k]!;
        top[k + 3] = top[k + 1]!;
        top[k] = this.routineUser[r]!;
        top[k + 1] = s.n;
      } else if (s.n > top[k + 3]!) {
        top[k + 2] = this.routineUser[r]!;
        top[k + 3] = s.n;
      }
    });
    return top;
  }
}

/** Per position in the history: the account (SKU) of a one-line entry and its user's code, as
 *  two small integers (4 + 4 bytes an entry): the other lines of its document are its
 *  neighbours. */
export class LinesByPosition {
  private account = new Int32Array(1024).fill(-1);
  private user = new Int32Array(1024).fill(-1);
  private readonly codes = new Map<string, number>();
  private readonly names: string[] = [];

  set(seq: number, sku: string | undefined, user: number) {
    while (seq >= this.account.length) {
      const a = new Int32Array(this.account.length * 2).fill(-1);
      a.set(this.account);
      this.account = a;
      const u = new Int32Array(this.user.length * 2).fill(-1);
      u.set(this.user);
      this.user = u;
    }
    let code = -1;
    if (sku !== undefined) {
      code = this.codes.get(sku) ?? -1;
      if (code < 0) {
        code = this.names.length;
        this.codes.set(sku, code);
        this.names.push(sku);
      }
    }
    this.account[seq] = code;
    this.user[seq] = user;
  }

  /** The account of the one-line entry at `seq` (undefined: none, or not a one-line entry). */
  accountAt(seq: number): string | undefined {
    const code = seq >= 0 && seq < this.account.length ? this.account[seq]! : -1;
    return code < 0 ? undefined : this.names[code];
  }

  userAt(seq: number): number {
    return seq >= 0 && seq < this.user.length ? this.user[seq]! : -1;
  }

  /** As plain data, to cross threads (AmountContexts.parts). */
  parts(): LinesByPositionParts {
    return { account: this.account, user: this.user, names: this.names };
  }

  static fromParts(p: LinesByPositionParts): LinesByPosition {
    const lines = new LinesByPosition();
    const w = lines as unknown as { account: Int32Array; user: Int32Array; names: string[]; codes: Map<string, number> };
    w.account = p.account;
    w.user = p.user;
    p.names.forEach((name, code) => {
      w.names.push(name);
      w.codes.set(name, code);
    });
    return lines;
  }
}

export interface LinesByPositionParts {
  account: Int32Array;
  user: Int32Array;
  names: string[];
}

/** An AmountContexts as plain data (amount-offload.ts sends it from a worker thread): the
 *  summaries packed into a few typed arrays, whose buffers are transferred rather than copied
 *  (~20,000 summaries of a 100,000-entry journal cost ~40–80 ms to clone one by one); the fields
 *  and the scope reader are the receiver's own. */
export interface AmountContextsParts {
  /** The contexts in order of their ids: field position, keeps routines, value, scope; and per
   *  field its number of values. */
  contexts: { field: Int32Array; routines: Uint8Array; values: string[]; scopes: string[]; distinct: Int32Array };
  contextSummaries: PackedSummaries;
  /** The users in order of their codes. */
  users: string[];
  routineIndex: PairCountsParts;
  routineSummaries: PackedSummaries;
  routineTop: Float64Array;
  lines: LinesByPositionParts;
}

/** ContextSummary[] in columns: per summary n, median, scale, max; its sample sorted, in the
 *  order drawn, and the history positions of the latter, at offsets[k]..offsets[k + 1]. */
export interface PackedSummaries {
  stats: Float64Array;
  offsets: Int32Array;
  samples: Float64Array;
  drawn: Float64Array;
  positions: Int32Array;
}

/** The samples summarised into packed arrays: each sample copied once in the order drawn and once
 *  to be sorted in place (no typed arrays per sample, and nothing copied again to cross threads).
 *  Exported for parallel/worker-tiers.ts only. */
export function packReservoirs(list: readonly Reservoir[]): PackedSummaries {
  const offsets = new Int32Array(list.length + 1);
  for (let k = 0; k < list.length; k++) offsets[k + 1] = offsets[k]! + list[k]!.values.length;
  const total = offsets[list.length]!;
  const samples = new Float64Array(total);
  const drawn = new Float64Array(total);
  const positions = new Int32Array(total);
  const stats = new Float64Array(list.length * 4);
  for (let k = 0; k < list.length; k++) {
    const r = list[k]!;
    const from = offsets[k]!;
    const n = r.values.length;
    for (let j = 0; j < n; j++) {
      const v = r.values[j]!;
      drawn[from + j] = v;
      samples[from + j] = v;
      positions[from + j] = r.positions[j]!;
    }
    const sorted = samples.subarray(from, from + n).sort();
    const s = robustSummaryOfSorted(sorted);
    stats[4 * k] = r.n;
    stats[4 * k + 1] = s.median;
    stats[4 * k + 2] = s.scale;
    stats[4 * k + 3] = Math.exp(sorted[n - 1] ?? Number.NEGATIVE_INFINITY);
  }
  return { stats, offsets, samples, drawn, positions };
}

/** Summary k of the packed ones: views of the packed arrays, no copy. */
function summaryAt(p: PackedSummaries, k: number): ContextSummary {
  const st = p.stats;
  const from = p.offsets[k]!;
  const to = p.offsets[k + 1]!;
  // The same keys in the same order as summarise() makes them.
  return { n: st[4 * k]!, median: st[4 * k + 1]!, scale: st[4 * k + 2]!, max: st[4 * k + 3]!, sorted: p.samples.subarray(from, to), sample: p.drawn.subarray(from, to), positions: p.positions.subarray(from, to) };
}

/** The buffers of parts to transfer rather than copy. */
export function amountPartsTransfer(p: AmountContextsParts): ArrayBuffer[] {
  const buffers = [p.contexts.field, p.contexts.routines, p.contexts.distinct, p.routineIndex.slots, p.routineTop, p.lines.account, p.lines.user];
  for (const s of [p.contextSummaries, p.routineSummaries]) buffers.push(s.stats, s.offsets, s.samples, s.drawn, s.positions);
  return [...new Set(buffers.map((a) => a.buffer as ArrayBuffer))];
}

/** The users' routines: the figures the detector reads for every context of every entry in
 *  columns (n, median, scale), each routine's whole summary by index, and the index by (context
 *  id, user code). */
/**
 * The routines' index as one dense table of (context, user) when it is at most this many cells
 * (1 MB): the detector asks it for every context of every entry, and the hashed table of a
 * journal's ~20,000 routines (64K slots of 24 bytes, 1.5 MB) is probed at random, a cache miss
 * per context; a journal's ~500 contexts × ~45 users and kinds are 23,000 cells (92 KB).
 */
const DENSE_ROUTINE_CELLS = 1 << 18;

class Routines {
  /** Per routine: postings, median, scale, largest amount (the packed summaries' columns). */
  readonly stats: Float64Array;
  /** Summaries made so far: a context's users' routines come by the ten thousand, and the
   *  detector reads a whole summary (its sample) only for an entry far above a routine's usual,
   *  so each is unpacked when first read rather than all of them before the scan may start. */
  private readonly made: (ContextSummary | undefined)[];

  /** Per (context, user code) at k × users + code: the routine's index, -1 for none; undefined
   *  when contexts × users exceeds DENSE_ROUTINE_CELLS (the hashed index answers then). */
  private readonly dense: Int32Array | undefined;
  private readonly userCount: number;

  constructor(
    readonly users: ReadonlyMap<string, number>,
    /** (context, user code) → routine index. */
    readonly index: PairCounts,
    private readonly packed: PackedSummaries,
    /** Per context: user code and postings of its largest routine, then of its second. */
    readonly top: Float64Array,
    contexts: number,
  ) {
    this.stats = packed.stats;
    this.made = new Array(packed.offsets.length - 1);
    this.userCount = users.size;
    const cells = contexts * users.size;
    if (cells > 0 && cells <= DENSE_ROUTINE_CELLS) {
      const dense = new Int32Array(cells).fill(-1);
      index.spreadInto(dense, this.userCount);
      this.dense = dense;
    }
  }

  /** The index of the routine of user code `user` (≥ 0) in context k; -1 for none. */
  find(k: number, user: number): number {
    const dense = this.dense;
    if (dense === undefined) return this.index.find(k, user, -1);
    return user < this.userCount ? dense[k * this.userCount + user]! : -1;
  }

  summary(r: number): ContextSummary {
    return (this.made[r] ??= summaryAt(this.packed, r));
  }
}

/** AmountContexts.ordinaryBands: per context, the open interval of log amounts judged ordinary. */
export interface OrdinaryBands {
  lo: Float64Array;
  hi: Float64Array;
}

/** The contexts of one scope, per field: value → the context's index (AmountContexts). */
export type ScopeContexts = readonly (ReadonlyMap<string, number> | undefined)[];

/**
 * The finished contexts, in columns: a context is an index k (its id from the builder), its
 * figures (postings, median, scale, largest) at 4k in one Float64Array, its whole summary (the
 * samples) made only when a detector asks for it. The detector judges every context of every
 * entry and nearly always reads only those figures: a node object and a summary object per
 * context (~20,000 of them, scattered over the heap) cost a cache miss or two per context judged,
 * and made the main thread unpack every summary from the worker's packed arrays before it could
 * score. Looked up per scope, then per field by value: an entry's contexts share its scope, so
 * one lookup of it per entry (contextsIn) leaves one map lookup per context.
 */
export class AmountContexts {
  /** scope → per field: value → index. */
  private readonly byScope = new Map<string, (Map<string, number> | undefined)[]>();
  /** Per context: postings, median, scale, largest amount. */
  private readonly stats: Float64Array;
  /** Per context: whether it keeps its users' routines. */
  private readonly keeps: Uint8Array;
  /** Summaries made so far. */
  private readonly made: (ContextSummary | undefined)[];

  private constructor(
    readonly fields: readonly AmountContextField[],
    private readonly p: AmountContextsParts,
    private readonly scope: { read: ScopeReader; field: string | null },
    private readonly routines: Routines,
    /** The account and user of each one-line entry, by position in the history. */
    readonly lines: LinesByPosition,
  ) {
    this.skuField = fields.findIndex((f) => f.perLine);
    this.accountField = accountFieldIndex(fields);
    this.kindField = fields.findIndex((f) => f.kind);
    const c = p.contexts;
    this.stats = p.contextSummaries.stats;
    this.keeps = c.routines;
    this.made = new Array(c.field.length);
    for (let k = 0; k < c.field.length; k++) {
      let perField = this.byScope.get(c.scopes[k]!);
      if (!perField) this.byScope.set(c.scopes[k]!, (perField = fields.map(() => undefined)));
      const i = c.field[k]!;
      let byValue = perField[i];
      if (!byValue) perField[i] = byValue = new Map();
      byValue.set(c.values[k]!, k);
    }
  }

  /** The position of the kind field (kind-field.ts) in the fields; -1 when there is none. */
  readonly kindField: number;

  /** The code of the entry's kind in the routines (-1: no kind field, no value, or a kind never
   *  seen). Its routine in a context is routineAt(context, code), as a user's. */
  kindCode(t: Transaction): number {
    if (this.kindField < 0) return -1;
    const value = this.fields[this.kindField]!.read(t);
    return value === undefined ? -1 : (this.routines.users.get(KIND_PREFIX + value) ?? -1);
  }

  private readonly skuField: number;
  private readonly accountField: number;

  /**
   * The account an entry (or its line k) posts to and the field of the contexts holding its
   * amounts: the line's `sku` where lines carry one; for an entry without lines (a ledger line
   * whose amount came from debit and credit), the attribute named as the account
   * (account-field.ts). Undefined when the entry says neither.
   */
  accountOf(t: Transaction, line: number | null): { i: number; value: string } | undefined {
    const k = line ?? (t.lines.length === 1 ? 0 : -1);
    const sku = k >= 0 ? t.lines[k]?.sku : undefined;
    if (sku) return this.skuField >= 0 ? { i: this.skuField, value: sku } : undefined;
    if (t.lines.length !== 0 || this.accountField < 0) return undefined;
    const value = this.fields[this.accountField]!.read(t);
    return value === undefined ? undefined : { i: this.accountField, value };
  }

  /** The scope a transaction's amounts are compared within (currency, and company if any). */
  scopeOf(t: Transaction): string {
    return this.scope.read(t);
  }

  /** The field that plays the company's part in the scope, if any. */
  get scopeField(): string | null {
    return this.scope.field;
  }

  /** How many values field i has: finer fields (accounts) have more than coarse ones. */
  distinct(i: number): number {
    return this.p.contexts.distinct[i] ?? 0;
  }

  /** The contexts of a scope, per field (undefined: the scope has none). */
  contextsIn(scope: string): ScopeContexts | undefined {
    return this.byScope.get(scope);
  }

  /** Field i's value in this scope: its context's index (-1: none). */
  contextAt(i: number, value: string, scope: string): number {
    return this.byScope.get(scope)?.[i]?.get(value) ?? -1;
  }

  /** Context k's number of postings, median and scale (of log amounts). */
  contextN(k: number): number {
    return this.stats[4 * k]!;
  }
  contextMedian(k: number): number {
    return this.stats[4 * k + 1]!;
  }
  contextScale(k: number): number {
    return this.stats[4 * k + 2]!;
  }

  /** Context k's usual amounts, whole (its samples: views of the packed arrays). */
  contextSummary(k: number): ContextSummary {
    return (this.made[k] ??= summaryAt(this.p.contextSummaries, k));
  }

  /** The usual amounts of field i's value in this scope. */
  context(i: number, value: string, scope: string): ContextSummary | undefined {
    const k = this.contextAt(i, value, scope);
    return k < 0 ? undefined : this.contextSummary(k);
  }

  /** The usual amounts of this user's postings in that context (their routine there). */
  routine(i: number, value: string, scope: string, user: string): ContextSummary | undefined {
    const k = this.contextAt(i, value, scope);
    const r = k >= 0 ? this.routineAt(k, this.userCode(user)) : -1;
    return r < 0 ? undefined : this.routines.summary(r);
  }

  /** The user's code in the routines (-1: no user, or one without any routine). */
  userCode(user: string | undefined): number {
    return user === undefined ? -1 : (this.routines.users.get(user) ?? -1);
  }

  /** The index of the user's routine in context k (-1: none). */
  routineAt(k: number, userCode: number): number {
    return userCode < 0 || this.keeps[k] === 0 ? -1 : this.routines.find(k, userCode);
  }

  /** Routine r's number of postings, median and scale (of log amounts). */
  routineN(r: number): number {
    return this.routines.stats[4 * r]!;
  }
  routineMedian(r: number): number {
    return this.routines.stats[4 * r + 1]!;
  }
  routineScale(r: number): number {
    return this.routines.stats[4 * r + 2]!;
  }

  /** The postings of context k's largest routine by a user other than `userCode` (0: none). */
  largestOtherRoutine(k: number, userCode: number): number {
    const top = this.routines.top;
    const at = 4 * k;
    if (this.keeps[k] === 0 || at >= top.length) return 0;
    return Math.max(0, top[at] === userCode ? top[at + 3]! : top[at + 1]!);
  }

  routineSummary(r: number): ContextSummary {
    return this.routines.summary(r);
  }

  /**
   * Per context k, the log amounts (lo[k], hi[k]), bounds excluded, at which neither the context
   * nor any routine in it (a user's or a kind's, of at least `minHistory` postings) is at a robust
   * z of `threshold` or beyond (`twoSided`: either way; else above only) — where amount_outlier can
   * raise no alarm, whoever posted. Routines' spreads floored at `routineMinScale`, as judged.
   * Narrowed by a margin for rounding, so that an amount inside is ordinary by the judge's own
   * arithmetic. Made on first use per setting (a few, at most: a simulation alternates two).
   */
  ordinaryBands(threshold: number, minHistory: number, twoSided: boolean, routineMinScale: number): OrdinaryBands {
    const key = `${threshold}|${minHistory}|${twoSided}|${routineMinScale}`;
    let b = this.bands.get(key);
    if (b === undefined) {
      if (this.bands.size >= 4) this.bands.clear();
      this.bands.set(key, (b = this.makeBands(threshold, minHistory, twoSided, routineMinScale)));
    }
    return b;
  }

  private makeBands(threshold: number, minHistory: number, twoSided: boolean, routineMinScale: number): OrdinaryBands {
    const n = this.keeps.length;
    const lo = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
    const hi = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
    // Within one band: max of the lower bounds, min of the upper. A NaN figure makes the bound
    // NaN for good (nothing compares below or above it: every amount of the context goes to the
    // judge).
    const narrow = (k: number, median: number, scale: number) => {
      const reach = threshold * scale;
      const margin = 1e-9 * (1 + Math.abs(median) + Math.abs(reach));
      const up = median + reach - margin;
      if (Number.isNaN(up) || up < hi[k]!) hi[k] = up;
      if (twoSided) {
        const down = median - reach + margin;
        if (Number.isNaN(down) || down > lo[k]!) lo[k] = down;
      }
    };
    const st = this.stats;
    for (let k = 0; k < n; k++) narrow(k, st[4 * k + 1]!, st[4 * k + 2]!);
    const rs = this.routines.stats;
    for (const [k, , r] of this.routines.index.entries()) {
      if (!(rs[4 * r]! >= minHistory)) continue;
      narrow(k, rs[4 * r + 1]!, Math.max(rs[4 * r + 2]!, routineMinScale));
    }
    return { lo, hi };
  }

  private readonly bands = new Map<string, OrdinaryBands>();

  /** As plain data: what the receiver needs besides the fields and the scope it has itself. */
  parts(): AmountContextsParts {
    return this.p;
  }

  static fromParts(p: AmountContextsParts, fields: readonly AmountContextField[], scope: { read: ScopeReader; field: string | null }): AmountContexts {
    const users = new Map(p.users.map((user, code) => [user, code]));
    const routines = new Routines(users, PairCounts.fromParts(p.routineIndex), p.routineSummaries, p.routineTop, p.contexts.field.length);
    return new AmountContexts(fields, p, scope, routines, LinesByPosition.fromParts(p.lines));
  }

  /** No contexts (a history without amounts to judge). */
  static get empty(): AmountContexts {
    return (emptyContexts ??= new AmountContextsBuilder([], { read: (t) => t.currency ?? "", field: null }).finish());
  }
}

let emptyContexts: AmountContexts | undefined;

export const userOf = readUser;

/** The names of a name → code map, in order of their codes. */
function byCode(codes: ReadonlyMap<string, number>): string[] {
  const names = new Array<string>(codes.size);
  for (const [name, code] of codes) names[code] = name;
  return names;
}
