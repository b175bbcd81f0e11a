// The postings a split under an approval limit is looked for among (split_below_approval_limit),
// collected in the "full" history pass: per stream — one counterparty, one currency, one side
// (debit or credit) and one kind of posting (every categorical value of the entry but who entered
// or approved it: the account, the source or document type, the tax code...) — each posting's
// date, amount, document and user. A purchase cut into pieces is booked as several postings of
// the same kind to the same counterparty; a bill and the payment that settles it are two kinds
// (another source, account or side) and never pieces of one split. Credit notes are kept apart
// per counterparty and currency: they reduce what a group of pieces adds up to.
//
// Who keyed a posting is kept too: an approval limit is about payments and bills someone enters
// and someone approves. Where the ledger records that (a user on its postings), a counterparty's
// credit-side postings that nobody ever entered or approved — a bank feed's lockbox deposits and
// customers' transfers, booked by the bank — are money received, not cut to avoid an approval
// (approvable()). A payables ledger's bills credited to a vendor are entered by a clerk and stay.
import type { Transaction } from "../domain/transaction.ts";

/** One stream's postings in history order (parallel arrays). */
export interface PostingStream {
  counterparty: string;
  currency: string;
  /** The counterparty, currency, side and canonical type without the kind: the streams sharing it
   *  are the counterparty's postings of that side, of every kind. */
  side: string;
  ms: number[];
  amounts: number[];
  seqs: number[];
  documents: string[];
  users: (string | undefined)[];
  /** The credit side (a negative amount: money received, on a bank feed). */
  credit: boolean;
  /** Whether any of its postings names who entered or approved it. */
  keyed: boolean;
}

/** Fields that say who entered or approved a posting: not part of its kind (a split is often
 *  entered by one user, but two users' pieces are still pieces of one purchase). */
const USER_FIELDS = new Set(["created_by", "approved_by"]);

export class SplitPostings {
  readonly streams: PostingStream[] = [];
  private readonly streamOf = new Map<string, number>();
  /** `${currency}|${counterparty}` → the credit notes' dates and amounts. */
  readonly credits = new Map<string, { ms: number[]; amounts: number[] }>();
  /** Positions of the categorical fields that make a posting's kind. */
  private kindFields: number[] = [];
  /** Whether any posting of the history names who entered or approved it. */
  private usersRecorded = false;

  /** The categorical fields, once chosen (history.ts useFields). */
  useFields(fields: readonly string[]) {
    this.kindFields = fields.map((f, i) => (USER_FIELDS.has(f) || f === "customer_id" || f === "currency" ? -1 : i)).filter((i) => i >= 0);
  }

  /** `codes`: the entry's categorical codes; `document`: its document (else its own id). */
  add(t: Transaction, seq: number, ms: number, codes: Int32Array, document: string | undefined) {
    const counterparty = t.customer_id;
    const amount = t.amount ?? 0;
    if (!counterparty || amount === 0 || Number.isNaN(ms)) return;
    const currency = t.currency ?? "";
    if (t.type === "credit_note") {
      const key = `${currency}|${counterparty}`;
      let c = this.credits.get(key);
      if (!c) this.credits.set(key, (c = { ms: [], amounts: [] }));
      c.ms.push(ms);
      c.amounts.push(Math.abs(amount));
      return;
    }
    const side = `${currency}|${counterparty}|${amount < 0 ? "-" : "+"}|${t.type ?? ""}`;
    let key = side;
    for (const i of this.kindFields) key += `|${codes[i]}`;
    let s = this.streamOf.get(key);
    if (s === undefined) {
      s = this.streams.length;
      this.streamOf.set(key, s);
      this.streams.push({ counterparty, currency, side, ms: [], amounts: [], seqs: [], documents: [], users: [], credit: amount < 0, keyed: false });
    }
    const stream = this.streams[s]!;
    if (t.created_by?.trim() || t.approved_by?.trim()) {
      stream.keyed = true;
      this.usersRecorded = true;
    }
    stream.ms.push(ms);
    stream.amounts.push(Math.abs(amount));
    stream.seqs.push(seq);
    stream.documents.push(document ?? t.transaction_id);
    stream.users.push(t.created_by?.trim() || undefined);
  }

  /** Whether a stream's postings can be pieces cut under an approval limit: not when they are
   *  credit-side postings nobody entered or approved in a ledger that records who does (money
   *  received, booked by the bank). A ledger naming no user cannot tell: every stream can. */
  approvable(s: PostingStream): boolean {
    return !(s.credit && !s.keyed && this.usersRecorded);
  }
}
