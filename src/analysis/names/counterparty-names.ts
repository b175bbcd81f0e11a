// The counterparties of a history by name, and which newer ones imitate an established one.
// Built in the history pass (one Map lookup per entry); the imitation test runs once per
// counterparty, on its first analysis, and is cached: a scan of 100,000 entries pays it for its
// few thousand counterparties, not per entry. Candidates come from an index of the established
// names' letters and each of their one-letter deletions (the symmetric-deletion method), so a
// name is compared with the few established names within reach, never with all of them.
import type { Transaction } from "../../domain/transaction.ts";
import { fieldReader, type FieldReader } from "../fields.ts";
import { LETTERS_PER_EDIT, nameKey, type NameKey, type NameMatch, resembles } from "./counterparty-name.ts";

/**
 * A counterparty is established for the comparison once it has been seen this many times before
 * the newcomer's first transaction: a habit, as the routines of the amount detector count one
 * (`outlier.routine_min_history`). Fewer, and two names are two newcomers.
 */
export const MIN_ESTABLISHED = 3;
/** Counterparties of one document compared at most (a batch payment of many vendors). */
const MAX_DOCUMENT_PARTIES = 8;

interface Party {
  name: string | undefined;
  /** Documents (or transactions, where the entries are not lines of documents). */
  count: number;
  /** The document of its latest line: a bill's expense, tax and payable lines are one bill. */
  document?: string;
  firstMs: number;
  lastMs: number;
  /** The earliest dates, at most `minHistory` of them: enough to count "seen n times before". */
  earliest: number[];
}

export interface Lookalike {
  /** The established counterparty it resembles, and its name. */
  established: string;
  establishedName: string;
  name: string;
  match: NameMatch;
  /** The established counterparty's transactions before the newcomer's first (at most minHistory). */
  before: number;
  /** The established counterparty stopped while the newcomer carried on: a rename. */
  renamed: boolean;
  /** The newcomer's own transactions in the history. */
  count: number;
  /** High: a close imitation of a real, still active counterparty by one that is not itself long
   *  established. Otherwise why not: a rename, another legal form, an established party with few
   *  transactions, or a newcomer with a long history of its own. */
  close: boolean;
  excuse?: "renamed" | "other_legal_form" | "few_before" | "both_established";
}

export class CounterpartyNamesBuilder {
  private readonly parties = new Map<string, Party>();
  private readonly siblings = new Set<string>();
  private readonly readName: FieldReader;
  private document: string | undefined;
  private documentParties: string[] = [];

  constructor(
    private readonly nameField: string,
    private readonly minHistory: number,
    private readonly readDocument?: FieldReader,
  ) {
    this.readName = fieldReader(nameField);
  }

  add(t: Transaction, ms: number) {
    const name = this.readName(t);
    const id = t.customer_id ?? name;
    if (id === undefined) return;
    let p = this.parties.get(id);
    if (!p) {
      p = { name, count: 0, firstMs: Number.POSITIVE_INFINITY, lastMs: Number.NEGATIVE_INFINITY, earliest: [] };
      this.parties.set(id, p);
    } else if (p.name === undefined) p.name = name;
    const doc = this.readDocument?.(t);
    if (this.readDocument) this.noteDocument(doc, id);
    // Counted by document, as the amount contexts count a level reached before: five lines of
    // one bill and its payment are two dealings with the supplier, not five.
    if (doc !== undefined && doc === p.document) return;
    p.document = doc;
    p.count++;
    if (!Number.isNaN(ms)) {
      if (ms < p.firstMs) p.firstMs = ms;
      if (ms > p.lastMs) p.lastMs = ms;
      keepEarliest(p.earliest, ms, this.minHistory);
    }
  }

  /** Two counterparties on the lines of one document are one counterparty named two ways (a
   *  name typed differently on one line of a bill), whatever their spelling. */
  private noteDocument(doc: string | undefined, id: string) {
    if (doc === undefined || doc !== this.document) {
      this.document = doc;
      this.documentParties = doc === undefined ? [] : [id];
      return;
    }
    if (this.documentParties.includes(id) || this.documentParties.length >= MAX_DOCUMENT_PARTIES) return;
    for (const other of this.documentParties) this.siblings.add(pairKey(id, other));
    this.documentParties.push(id);
  }

  finish(): CounterpartyNames {
    return new CounterpartyNames(this.nameField, this.minHistory, this.parties, this.siblings);
  }
}

export class CounterpartyNames {
  static readonly empty = new CounterpartyNames(undefined, 0, new Map(), new Set());
  private readonly readName: FieldReader | undefined;
  private keys: Map<string, NameKey | undefined> | undefined;
  /** A compact key or one of its one-letter deletions → the established counterparties with it. */
  private index: Map<string, string[]> | undefined;
  private readonly verdicts = new Map<string, Lookalike | null>();

  constructor(
    /** Where the names are read (undefined: the history has none). */
    readonly nameField: string | undefined,
    private readonly minHistory: number,
    private readonly parties: ReadonlyMap<string, Party>,
    private readonly siblings: ReadonlySet<string>,
  ) {
    this.readName = nameField === undefined ? undefined : fieldReader(nameField);
  }

  /** The established counterparty the transaction's counterparty imitates, if any. `notBefore`:
   *  a counterparty first seen earlier (ms) is no newcomer and is not judged. */
  lookalikeOf(t: Transaction, ms: number, notBefore = Number.NEGATIVE_INFINITY): Lookalike | undefined {
    if (!this.readName) return undefined;
    const id = t.customer_id ?? this.readName(t);
    if (id === undefined) return undefined;
    const known = this.parties.get(id);
    if (known) {
      if (known.firstMs < notBefore) return undefined;
      let v = this.verdicts.get(id);
      if (v === undefined) {
        v = this.judge(id, known) ?? null;
        this.verdicts.set(id, v);
      }
      return v ?? undefined;
    }
    // A counterparty the history has not seen (an inline analysis): this is its first transaction.
    const name = this.readName(t);
    if (name === undefined || Number.isNaN(ms) || ms < notBefore) return undefined;
    return this.judge(id, { name, count: 1, firstMs: ms, lastMs: ms, earliest: [ms] });
  }

  private judge(id: string, p: Party): Lookalike | undefined {
    if (p.name === undefined || !Number.isFinite(p.firstMs)) return undefined;
    const key = nameKey(p.name);
    if (!key) return undefined;
    let best: Lookalike | undefined;
    for (const other of this.candidates(key)) {
      if (other === id || this.siblings.has(pairKey(id, other))) continue;
      const q = this.parties.get(other)!;
      const before = countBefore(q.earliest, p.firstMs);
      if (before < MIN_ESTABLISHED) continue;
      const match = resembles(key, this.keyOf(other)!, p.name, q.name!);
      // The very same name on another record is no imitation (an imitation differs where a reader
      // will not look): a namesake — people, sites and shops share names — or a duplicate record.
      if (!match || match.kind === "identical") continue;
      // A rename: the established counterparty stops and the newcomer carries on alone for longer
      // than the two overlapped (the old name's last bills are still paid after the new one's first).
      const renamed = q.lastMs < p.lastMs && p.lastMs - q.lastMs > q.lastMs - p.firstMs;
      const excuse =
        match.kind === "other_legal_form" ? "other_legal_form" : renamed ? "renamed" : before < this.minHistory && monthsBefore(q.earliest, p.firstMs) < ESTABLISHED_MONTHS ? "few_before" : p.count >= this.minHistory ? "both_established" : undefined;
      const found: Lookalike = { established: other, establishedName: q.name!, name: p.name, match, before, renamed, count: p.count, close: excuse === undefined, ...(excuse ? { excuse } : {}) };
      if (!best || rank(found) > rank(best)) best = found;
    }
    return best;
  }

  private keyOf(id: string): NameKey | undefined {
    const keys = (this.keys ??= new Map());
    if (!keys.has(id)) {
      const name = this.parties.get(id)?.name;
      keys.set(id, name === undefined ? undefined : nameKey(name));
    }
    return keys.get(id);
  }

  /** The established counterparties whose compact key is within one deletion of key's, or of one
   *  of its deletions: every name one edit away, and two edits away where the newcomer's long word
   *  added letters to the established one's or replaced one (not where it dropped two). */
  private candidates(key: NameKey): Set<string> {
    const index = this.buildIndex();
    const out = new Set<string>();
    const probe = (k: string) => {
      const ids = index.get(k);
      if (ids) for (const id of ids) out.add(id);
    };
    probe(key.compact);
    for (const d of deletions(key.compact)) probe(d);
    // Two edits fall in one word of twelve letters or more (resembles). Against an index of single
    // deletions, a newcomer's double deletions reach the established names it added letters to
    // or replaced one of; made only inside its own words of that length, they cost ~100 probes
    // for such a name instead of ~400 for every name of twenty letters.
    let start = 0;
    for (const word of key.words) {
      if (word.length >= 2 * LETTERS_PER_EDIT) {
        for (let i = start; i < start + word.length; i++) {
          const d = key.compact.slice(0, i) + key.compact.slice(i + 1);
          for (let j = start; j < start + word.length - 1; j++) probe(d.slice(0, j) + d.slice(j + 1));
        }
      }
      start += word.length;
    }
    return out;
  }

  private buildIndex(): Map<string, string[]> {
    if (this.index) return this.index;
    const index = new Map<string, string[]>();
    const put = (k: string, id: string) => {
      const ids = index.get(k);
      if (!ids) index.set(k, [id]);
      else if (ids[ids.length - 1] !== id) ids.push(id);
    };
    for (const [id, p] of this.parties) {
      if (p.count < MIN_ESTABLISHED || p.name === undefined) continue;
      const key = this.keyOf(id);
      if (!key) continue;
      put(key.compact, id);
      for (const d of deletions(key.compact)) put(d, id);
    }
    this.index = index;
    return index;
  }
}

/** The closest, most established resemblance first. */
function rank(l: Lookalike): number {
  return (l.close ? 1e6 : 0) + (l.match.kind === "other_legal_form" ? 0 : 1e5) - l.match.edits * 1e4 + l.before;
}

function deletions(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) if (i === 0 || s[i] !== s[i - 1]) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** Keeps the `max` smallest dates in order (a source is mostly in date order: usually nothing,
 *  or a push). */
function keepEarliest(earliest: number[], ms: number, max: number) {
  if (max <= 0) return;
  if (earliest.length >= max && ms >= earliest[earliest.length - 1]!) return;
  let i = earliest.length;
  while (i > 0 && earliest[i - 1]! > ms) i--;
  earliest.splice(i, 0, ms);
  if (earliest.length > max) earliest.pop();
}

/**
 * A counterparty dealt with in this many calendar months is established however few its dealings:
 * a subscription charged once a month for half a year (a card feed's SaaS vendors: Datadog,
 * Atlassian, Notion) is as real a supplier as one billed twenty times in two months, where a
 * count of min_history dealings would take it twenty months to be believed.
 */
const ESTABLISHED_MONTHS = 6;

/** The distinct calendar months (UTC) of the dealings before `ms`. */
function monthsBefore(earliest: readonly number[], ms: number): number {
  const months = new Set<number>();
  for (const e of earliest) {
    if (e >= ms) break;
    const d = new Date(e);
    months.add(d.getUTCFullYear() * 12 + d.getUTCMonth());
  }
  return months.size;
}

function countBefore(earliest: readonly number[], ms: number): number {
  let n = 0;
  for (const e of earliest) if (e < ms) n++;
  return n;
}
