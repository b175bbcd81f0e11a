// The history ledger built by several scan workers, each over one byte range of the source, and
// merged into exactly the ledger one pass over the whole source builds. A worker does the costly
// part of the history pass (parsing, mapping, fingerprint strings) and sends what the ledger keeps
// of each transaction as a compact batch (ledgerBatches); the merge replays the batches through
// HistoryBuilder.addLedgerEntry in source order (the first range's, then the next range's...), so
// positions, "latest id wins", credit-note lists and fingerprint order come out as in one pass.
// The merged ledger is then copied once into shared memory (shareLedger) so that every scan
// worker reads the same tables instead of holding a copy each.
import type { Transaction } from "../domain/transaction.ts";
import { grownFor } from "../domain/typed-arrays.ts";
import { amountBytes, DocumentKeyFilter } from "./document-key-filter.ts";
import { CounterpartyDocuments } from "./counterparty-documents.ts";
import { counterpartyDocumentKey, documentKey, documentNumberOf, fingerprint, fingerprinted, HistoryBuilder, HistoryStats, type LedgerParts, shipmentNamed } from "./history.ts";
import { parseDateMs } from "./dates.ts";
import { ByteKey, sharedArray, StringTable, type StringTableParts } from "./string-table.ts";
import { regimeOf, TaxHabits, taxObservation } from "./detectors/leakage/tax-habits.ts";
import { KitComponents, kitObservation } from "./detectors/leakage/kit-components.ts";
import { PromotionHabits, promotionObservation } from "./detectors/leakage/promotion-habits.ts";
import { creditCharges } from "./detectors/duplicates/credit-charges.ts";
import { creditsTheAccount } from "./detectors/duplicates/account-credit.ts";
import { ApprovalsForOthers, monthOf, selfApprovalKey } from "./self-approvals.ts";

const NO_GROUPS: readonly string[] = [];
/** The bar between a document key's parts (history.ts documentKey). */
const BAR = 0x7c;
const INVOICE = 1;
const CREDIT_REFERENCE = 2;
const DOCUMENT = 4;
/** The document carries its counterparty's own number, or its document column's (nine strings in `numbers`). */
const NUMBERED = 8;
/** A credit to the account (account-credit.ts), with CREDIT_REFERENCE. */
const ACCOUNT_CREDIT = 16;

/**
 * What the ledger keeps of a run of transactions, in source order. The string keys (each
 * transaction's id, then for a document its fingerprint and document key) cross the thread as
 * Latin-1 bytes with their hashes, in buffers that are transferred, not copied: the main thread
 * neither decodes nor hashes them (it did both for every key, three threads on two cores).
 */
export interface LedgerBatch {
  /** Transactions in the batch. */
  size: number;
  /** Per transaction: INVOICE | CREDIT_REFERENCE | DOCUMENT | NUMBERED | ACCOUNT_CREDIT bits. */
  kinds: Uint8Array;
  ms: Float64Array;
  amounts: Float64Array;
  /** The keys' characters, one byte each, one after the other. */
  text: Uint8Array;
  /** Per key: its length in `text`, or -1 for a key with a wider character (the next of `wide`). */
  keyLengths: Int32Array;
  /** Per key: hashOf(key) (string-table.ts). */
  keyHashes: Int32Array;
  wide: string[];
  /** The reference of each credit note that has one, in order. */
  references: string[];
  /** Each such credit note's charge codes (credit-charges.ts; "" for none), in the same order. */
  creditCharges: string[];
  /** The observations' strings (customers, regimes, SKUs), each once per batch. */
  strings: string[];
  /** Each invoice's tax observation (tax-habits.ts), flat: per invoice in `taxInts` its index in
   *  the batch, customer, regime, SKU count and SKUs (as indexes into `strings`), in `taxNums` its
   *  stated rate (NaN: none), net, tax and SKU amounts. */
  taxInts: Int32Array;
  taxNums: Float64Array;
  /** Each invoice's kit observation (kit-components.ts), flat: per invoice in `kitInts` its index
   *  in the batch, customer, the counts of SKUs at a price and at 0, then those SKUs (indexes into
   *  `strings`); in `kitNums` their quantities, in the same order. */
  kitInts: Int32Array;
  kitNums: Float64Array;
  /** Each invoice's promotion observation (promotion-habits.ts), flat: per invoice in `promoInts`
   *  its index in the batch, customer, currency, day, line count and customer group count, then
   *  the lines' SKUs and the groups (indexes into `strings`); in `promoNums` the lines' recorded
   *  discounts (NaN: none) and amounts. */
  promoInts: Int32Array;
  promoNums: Float64Array;
  /** The contract ids the batch's invoices (and, apart, its credit notes) name, each once: per id in
   *  `contractInts` the index in the batch of the first document naming it, the id (an index into
   *  `strings`) and 1 where credit notes name it, else 0. */
  contractInts: Int32Array;
  /** The references the batch's invoices name (`invoiceReferences`), each with the index in the
   *  batch of the invoice naming it (`invoiceReferenceAt`). */
  invoiceReferences: string[];
  invoiceReferenceAt: number[];
  /** The batch's invoices and payments with a counterparty (counterpartyDocumentKey), flat: per
   *  document its index in the batch and its key (an index into `strings`: a key repeats, and the
   *  merge looks each up once a batch). */
  counterpartyInts: Int32Array;
  /** Per NUMBERED document, in order: its number as written, type, currency, counterparty, "1" when its status says it was never made, its amount before tax, what it settled, its account and side, and "1" when the number is its document column's. */
  numbers: string[];
  /** The self-approved entries (self-approvals.ts), flat: per entry its index in the batch, its
   *  user and kind (an index into `strings`) and its month. */
  selfInts: Int32Array;
  /** The approvals for someone else (self-approvals.ts ApprovalsForOthers), each once per part,
   *  flat: the index in the batch, the approver as written, the kind and the detail (indexes into `strings`). */
  approvalInts: Int32Array;
}

/** Collects transactions into LedgerBatches of `size` (a worker posts each full one). */
export class LedgerBatchWriter {
  private n = 0;
  private kinds: Uint8Array;
  private ms: Float64Array;
  private amounts: Float64Array;
  private text = new Uint8Array(1 << 16);
  private used = 0;
  private keyLengths: Int32Array;
  private keyHashes: Int32Array;
  private keys = 0;
  private wide: string[] = [];
  private references: string[] = [];
  private creditCharges: string[] = [];
  private strings: string[] = [];
  private refs = new Map<string, number>();
  private taxInts = new Int32Array(1024);
  private taxInt = 0;
  private taxNums = new Float64Array(1024);
  private taxNum = 0;
  private kitInts = new Int32Array(1024);
  private kitInt = 0;
  private kitNums = new Float64Array(1024);
  private kitNum = 0;
  private promoInts = new Int32Array(1024);
  private promoInt = 0;
  private promoNums = new Float64Array(1024);
  private promoNum = 0;
  private contractInts = new Int32Array(64);
  private contractInt = 0;
  private selfInts = new Int32Array(64);
  private selfInt = 0;
  private readonly namedContracts = new Set<string>();
  /** Kept across the writer's batches: an approval already sent in an earlier batch of the part needs no second (the merge replays batches in order; a batch cut at the history's limit ends what is read). */
  private readonly approvedForOthers = new ApprovalsForOthers();
  private approvalInts = new Int32Array(64);
  private approvalInt = 0;
  private readonly creditNamedContracts = new Set<string>();
  private invoiceReferences: string[] = [];
  private invoiceReferenceAt: number[] = [];
  private counterpartyInts = new Int32Array(1024);
  private counterpartyInt = 0;
  private numbers: string[] = [];

  /**
   * `approvals`: also the approvals for someone else (self-approvals.ts), which only a
   * compliance scan's self_approval reads — a report of another module's history keeps none (per
   * approver and counterparty, they were ~20 MB of the 1,000,000-line report's peak).
   */
  constructor(
    private readonly size = 8192,
    private readonly approvals = true,
  ) {
    this.kinds = new Uint8Array(size);
    this.ms = new Float64Array(size);
    this.amounts = new Float64Array(size);
    this.keyLengths = new Int32Array(size * 3);
    this.keyHashes = new Int32Array(size * 3);
  }

  get length(): number {
    return this.n;
  }

  get full(): boolean {
    return this.n >= this.size;
  }

  /** The same values HistoryBuilder.add derives from the transaction. */
  add(t: Transaction) {
    const i = this.n++;
    this.key(t.transaction_id);
    this.ms[i] = t.date ? parseDateMs(t.date) : Number.NaN;
    this.amounts[i] = Math.abs(t.amount ?? 0);
    const selfApproved = selfApprovalKey(t);
    if (selfApproved !== undefined) this.observeSelfApproval(i, selfApproved, monthOf(this.ms[i]!));
    else if (this.approvals && this.approvedForOthers.add(t)) this.observeApprovalForOthers(i, this.approvedForOthers.last);
    let kind = t.type === "invoice" ? INVOICE : 0;
    if (t.type === "credit_note" && t.contract_id && !this.creditNamedContracts.has(t.contract_id)) this.nameContract(i, t.contract_id, true);
    if (t.type === "credit_note" && t.reference) {
      kind |= CREDIT_REFERENCE;
      this.references.push(t.reference);
      this.creditCharges.push(creditCharges(t, shipmentNamed(t)) ?? "");
      if (creditsTheAccount(t)) kind |= ACCOUNT_CREDIT;
    }
    if (t.type === "invoice") {
      this.observeTax(i, t);
      this.observeKit(i, t);
      this.observePromotion(i, t);
      if (t.contract_id && !this.namedContracts.has(t.contract_id)) this.nameContract(i, t.contract_id, false);
      for (const l of t.lines) if (l.contract_id && !this.namedContracts.has(l.contract_id)) this.nameContract(i, l.contract_id, false);
      if (t.reference) {
        this.invoiceReferences.push(t.reference);
        this.invoiceReferenceAt.push(i);
      }
    }
    const counterparty = counterpartyDocumentKey(t);
    if (counterparty !== undefined) {
      if (this.counterpartyInt + 2 > this.counterpartyInts.length) this.counterpartyInts = grownFor(this.counterpartyInts, this.counterpartyInt + 2);
      this.counterpartyInts[this.counterpartyInt++] = i;
      this.counterpartyInts[this.counterpartyInt++] = this.ref(counterparty);
    }
    if (fingerprinted(t)) {
      kind |= DOCUMENT;
      const fp = fingerprint(t);
      this.key(fp);
      this.documentKeyOf(t);
      const n = documentNumberOf(t, fp);
      if (n) {
        kind |= NUMBERED;
        this.numbers.push(n.raw, n.type, n.currency, n.customer, n.notMade ? "1" : "", String(n.net), String(n.settled), n.accountSide, n.fromDocumentColumn ? "1" : "");
      }
    }
    this.kinds[i] = kind;
  }

  /** Appends a key: its characters as bytes and its hash, or the string when one is wider than a byte. */
  private key(s: string) {
    const k = this.keys++;
    const n = s.length;
    if (this.used + n > this.text.length) {
      const bigger = new Uint8Array(Math.max(this.text.length * 2, this.used + n));
      bigger.set(this.text.subarray(0, this.used));
      this.text = bigger;
    }
    const text = this.text;
    const at = this.used;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0xff) {
        this.keyLengths[k] = -1;
        this.wide.push(s);
        return;
      }
      text[at + i] = c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    this.keyLengths[k] = n;
    this.keyHashes[k] = h;
    this.used += n;
  }

  /**
   * key(documentKey(t)) without the key's string: its characters and the amount's 8 bytes written
   * as they are (a counterparty with a character wider than a byte takes key()).
   */
  private documentKeyOf(t: Transaction) {
    const type = t.type;
    const customer = t.customer_id ?? "";
    for (let i = 0; i < customer.length; i++) if (customer.charCodeAt(i) > 0xff) return this.key(documentKey(t));
    const n = type.length + customer.length + 10;
    if (this.used + n > this.text.length) {
      const bigger = new Uint8Array(Math.max(this.text.length * 2, this.used + n));
      bigger.set(this.text.subarray(0, this.used));
      this.text = bigger;
    }
    const text = this.text;
    let at = this.used;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < type.length; i++) {
      const c = type.charCodeAt(i);
      text[at++] = c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    text[at++] = BAR;
    h = Math.imul(h ^ BAR, 0x01000193);
    for (let i = 0; i < customer.length; i++) {
      const c = customer.charCodeAt(i);
      text[at++] = c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    text[at++] = BAR;
    h = Math.imul(h ^ BAR, 0x01000193);
    const amount = amountBytes(t.amount ?? 0);
    for (let i = 0; i < 8; i++) {
      const c = amount[i]!;
      text[at++] = c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    const k = this.keys++;
    this.keyLengths[k] = n;
    this.keyHashes[k] = h;
    this.used = at;
  }

  /** The batch so far (its arrays may be transferred), and a fresh one started. */
  take(): LedgerBatch {
    const n = this.n;
    const batch: LedgerBatch = {
      size: n,
      kinds: this.kinds.slice(0, n),
      ms: this.ms.slice(0, n),
      amounts: this.amounts.slice(0, n),
      text: this.text.slice(0, this.used),
      keyLengths: this.keyLengths.slice(0, this.keys),
      keyHashes: this.keyHashes.slice(0, this.keys),
      wide: this.wide,
      references: this.references,
      creditCharges: this.creditCharges,
      strings: this.strings,
      taxInts: this.taxInts.slice(0, this.taxInt),
      taxNums: this.taxNums.slice(0, this.taxNum),
      kitInts: this.kitInts.slice(0, this.kitInt),
      kitNums: this.kitNums.slice(0, this.kitNum),
      promoInts: this.promoInts.slice(0, this.promoInt),
      promoNums: this.promoNums.slice(0, this.promoNum),
      contractInts: this.contractInts.slice(0, this.contractInt),
      selfInts: this.selfInts.slice(0, this.selfInt),
      approvalInts: this.approvalInts.slice(0, this.approvalInt),
      invoiceReferences: this.invoiceReferences,
      invoiceReferenceAt: this.invoiceReferenceAt,
      counterpartyInts: this.counterpartyInts.slice(0, this.counterpartyInt),
      numbers: this.numbers,
    };
    this.n = 0;
    this.used = 0;
    this.keys = 0;
    this.wide = [];
    this.references = [];
    this.creditCharges = [];
    this.strings = [];
    this.refs.clear();
    this.taxInt = 0;
    this.taxNum = 0;
    this.kitInt = 0;
    this.kitNum = 0;
    this.promoInt = 0;
    this.promoNum = 0;
    this.contractInt = 0;
    this.selfInt = 0;
    this.namedContracts.clear();
    this.creditNamedContracts.clear();
    this.approvalInt = 0;
    this.invoiceReferences = [];
    this.invoiceReferenceAt = [];
    this.counterpartyInt = 0;
    this.numbers = [];
    return batch;
  }

  private observeSelfApproval(i: number, key: string, month: number) {
    if (Number.isNaN(month)) return;
    if (this.selfInt + 3 > this.selfInts.length) this.selfInts = grownFor(this.selfInts, this.selfInt + 3);
    this.selfInts[this.selfInt++] = i;
    this.selfInts[this.selfInt++] = this.ref(key);
    this.selfInts[this.selfInt++] = month;
  }

  private observeApprovalForOthers(i: number, a: { approver: string; kind: string; detail: string }) {
    if (this.approvalInt + 4 > this.approvalInts.length) this.approvalInts = grownFor(this.approvalInts, this.approvalInt + 4);
    this.approvalInts[this.approvalInt++] = i;
    this.approvalInts[this.approvalInt++] = this.ref(a.approver);
    this.approvalInts[this.approvalInt++] = this.ref(a.kind);
    this.approvalInts[this.approvalInt++] = this.ref(a.detail);
  }

  private nameContract(i: number, contractId: string, byCredit: boolean) {
    (byCredit ? this.creditNamedContracts : this.namedContracts).add(contractId);
    if (this.contractInt + 3 > this.contractInts.length) this.contractInts = grownFor(this.contractInts, this.contractInt + 3);
    this.contractInts[this.contractInt++] = i;
    this.contractInts[this.contractInt++] = this.ref(contractId);
    this.contractInts[this.contractInt++] = byCredit ? 1 : 0;
  }

  private observeTax(i: number, t: Transaction) {
    const o = taxObservation(t);
    if (!o) return;
    const [customer, currency, stated, net, tax, skus, amounts, jurisdiction] = o;
    const k = skus.length;
    if (this.taxInt + 4 + k > this.taxInts.length) this.taxInts = grownFor(this.taxInts, this.taxInt + 4 + k);
    if (this.taxNum + 3 + k > this.taxNums.length) this.taxNums = grownFor(this.taxNums, this.taxNum + 3 + k);
    const ints = this.taxInts;
    const nums = this.taxNums;
    let at = this.taxInt;
    ints[at++] = i;
    ints[at++] = this.ref(customer);
    ints[at++] = this.ref(regimeOf(currency, stated, jurisdiction));
    ints[at++] = k;
    for (let j = 0; j < k; j++) ints[at++] = this.ref(skus[j]!);
    this.taxInt = at;
    let n = this.taxNum;
    nums[n++] = stated ?? Number.NaN;
    nums[n++] = net;
    nums[n++] = tax;
    for (let j = 0; j < k; j++) nums[n++] = amounts[j]!;
    this.taxNum = n;
  }

  private observeKit(i: number, t: Transaction) {
    const o = kitObservation(t);
    if (!o) return;
    const [customer, priced, pricedQty, zero, zeroQty] = o;
    const k = priced.length + zero.length;
    if (this.kitInt + 4 + k > this.kitInts.length) this.kitInts = grownFor(this.kitInts, this.kitInt + 4 + k);
    if (this.kitNum + k > this.kitNums.length) this.kitNums = grownFor(this.kitNums, this.kitNum + k);
    const ints = this.kitInts;
    const nums = this.kitNums;
    let at = this.kitInt;
    let n = this.kitNum;
    ints[at++] = i;
    ints[at++] = this.ref(customer);
    ints[at++] = priced.length;
    ints[at++] = zero.length;
    for (let j = 0; j < priced.length; j++) {
      ints[at++] = this.ref(priced[j]!);
      nums[n++] = pricedQty[j]!;
    }
    for (let j = 0; j < zero.length; j++) {
      ints[at++] = this.ref(zero[j]!);
      nums[n++] = zeroQty[j]!;
    }
    this.kitInt = at;
    this.kitNum = n;
  }

  private observePromotion(i: number, t: Transaction) {
    const o = promotionObservation(t);
    if (!o) return;
    const [customer, currency, day, skus, discounts, amounts, groups] = o;
    const k = skus.length;
    const g = groups.length;
    if (this.promoInt + 6 + k + g > this.promoInts.length) this.promoInts = grownFor(this.promoInts, this.promoInt + 6 + k + g);
    if (this.promoNum + 2 * k > this.promoNums.length) this.promoNums = grownFor(this.promoNums, this.promoNum + 2 * k);
    const ints = this.promoInts;
    const nums = this.promoNums;
    let at = this.promoInt;
    let n = this.promoNum;
    ints[at++] = i;
    ints[at++] = this.ref(customer);
    ints[at++] = this.ref(currency);
    ints[at++] = day;
    ints[at++] = k;
    ints[at++] = g;
    for (let j = 0; j < k; j++) {
      ints[at++] = this.ref(skus[j]!);
      nums[n++] = discounts[j]!;
      nums[n++] = amounts[j]!;
    }
    for (let j = 0; j < g; j++) ints[at++] = this.ref(groups[j]!);
    this.promoInt = at;
    this.promoNum = n;
  }

  private ref(s: string): number {
    let r = this.refs.get(s);
    if (r === undefined) {
      r = this.strings.length;
      this.strings.push(s);
      this.refs.set(s, r);
    }
    return r;
  }
}

/** The buffers of a batch, for postMessage's transfer list. */
export function batchTransfer(b: LedgerBatch): ArrayBuffer[] {
  return [b.kinds, b.ms, b.amounts, b.text, b.keyLengths, b.keyHashes, b.taxInts, b.taxNums, b.kitInts, b.kitNums, b.promoInts, b.promoNums, b.contractInts, b.counterpartyInts].map((a) => a.buffer as ArrayBuffer);
}

/** Reads a batch's keys in order into reused ByteKeys. */
class KeyCursor {
  private k = 0;
  private at = 0;
  private w = 0;

  constructor(private readonly b: LedgerBatch) {}

  next(into: ByteKey): ByteKey {
    const b = this.b;
    const n = b.keyLengths[this.k]!;
    if (n < 0) {
      into.wide = b.wide[this.w++]!;
    } else {
      into.wide = undefined;
      into.buf = b.text;
      into.start = this.at;
      into.length = n;
      into.hash = b.keyHashes[this.k]!;
      this.at += n;
    }
    this.k++;
    return into;
  }
}

/** A ledger-level HistoryBuilder fed batches in source order. */
export class LedgerMerge {
  private readonly builder: HistoryBuilder;
  transactions = 0;
  /** The keys of the entry being added (refilled for each). */
  private readonly id = new ByteKey();
  private readonly fp = new ByteKey();
  private readonly docKey = new ByteKey();

  /**
   * `limit`: the history's first that many transactions (context.history_limit). `expected`: about
   * how many there will be; the ledger is then built in shared memory sized for them, so that
   * sharing it with the workers copies nothing (a copy doubled the ledger at the switch to the
   * scan: the report's peak).
   */
  constructor(
    private readonly limit = Number.POSITIVE_INFINITY,
    expected?: number,
  ) {
    const into = expected === undefined ? undefined : sharedLedger(Math.min(expected, limit));
    this.builder = new HistoryBuilder({ level: "ledger", categoricalFields: [], into });
  }

  get full(): boolean {
    return this.transactions >= this.limit;
  }

  /** Appends one batch (batches must come in source order), up to the limit. */
  add(b: LedgerBatch) {
    let r = 0;
    let nb = 0;
    const keys = new KeyCursor(b);
    const { id, fp, docKey } = this;
    const n = Math.min(b.size, this.limit - this.transactions);
    for (let i = 0; i < n; i++) {
      const kind = b.kinds[i]!;
      const document = (kind & DOCUMENT) !== 0;
      keys.next(id);
      if (document) {
        keys.next(fp);
        keys.next(docKey);
      }
      const credit = (kind & CREDIT_REFERENCE) !== 0 ? r++ : -1;
      this.builder.addLedgerEntry(
        id,
        (kind & INVOICE) !== 0,
        b.ms[i]!,
        b.amounts[i]!,
        credit >= 0 ? b.references[credit] : undefined,
        document ? fp : undefined,
        document ? docKey : undefined,
        (kind & NUMBERED) !== 0 ? { raw: b.numbers[nb++]!, type: b.numbers[nb++]!, currency: b.numbers[nb++]!, customer: b.numbers[nb++]!, notMade: b.numbers[nb++] === "1", net: Number(b.numbers[nb++]), settled: Number(b.numbers[nb++]), accountSide: b.numbers[nb++]!, ...(b.numbers[nb++] === "1" ? { fromDocumentColumn: true } : {}) } : undefined,
        credit >= 0 && b.creditCharges[credit] ? b.creditCharges[credit] : undefined,
        (kind & ACCOUNT_CREDIT) !== 0,
      );
    }
    this.observeTax(b, n);
    this.observeKits(b, n);
    this.observePromotions(b, n);
    this.nameContracts(b, n);
    this.observeSelfApprovals(b, n);
    for (let k = 0; k < b.invoiceReferences.length && b.invoiceReferenceAt[k]! < n; k++) this.builder.nameInvoiceReference(b.invoiceReferences[k]!, b.amounts[b.invoiceReferenceAt[k]!]!);
    this.indexCounterpartyDocuments(b, n);
    this.transactions += n;
  }

  /** The batch's first `n` transactions' invoices and payments by counterparty, each key looked up once a batch. */
  private indexCounterpartyDocuments(b: LedgerBatch, n: number) {
    const ints = b.counterpartyInts;
    const index = this.builder.counterpartyDocuments;
    // Per string of the batch: its key's index + 1 (0: not looked up yet).
    const keyOf = new Int32Array(b.strings.length);
    for (let at = 0; at < ints.length && ints[at]! < n; at += 2) {
      const r = ints[at + 1]!;
      let g = keyOf[r]! - 1;
      if (g < 0) keyOf[r] = (g = index.keyOf(b.strings[r]!)) + 1;
      // Positions: the batch's first transaction is the ledger's `transactions`-th.
      index.addTo(g, this.transactions + ints[at]!);
    }
  }

  /** The self-approved entries among the batch's first `n` transactions. */
  private observeSelfApprovals(b: LedgerBatch, n: number) {
    const ints = b.selfInts;
    for (let at = 0; at < ints.length && ints[at]! < n; at += 3) this.builder.observeSelfApproval(b.strings[ints[at + 1]!]!, ints[at + 2]!);
    const approvals = b.approvalInts;
    for (let at = 0; at < approvals.length && approvals[at]! < n; at += 4) this.builder.observeApprovalForOthers(b.strings[approvals[at + 1]!]!, b.strings[approvals[at + 2]!]!, b.strings[approvals[at + 3]!]!);
  }

  /** The contract ids the batch's first `n` transactions name. */
  private nameContracts(b: LedgerBatch, n: number) {
    const ints = b.contractInts;
    for (let at = 0; at < ints.length && ints[at]! < n; at += 3) this.builder.nameContract(b.strings[ints[at + 1]!]!, ints[at + 2] === 1);
  }

  private readonly skus: string[] = [];
  private readonly amounts: number[] = [];

  /** The batch's tax observations of its first `n` transactions, in order. */
  private observeTax(b: LedgerBatch, n: number) {
    const ints = b.taxInts;
    const nums = b.taxNums;
    const strings = b.strings;
    let at = 0;
    let x = 0;
    while (at < ints.length) {
      const i = ints[at]!;
      const k = ints[at + 3]!;
      if (i >= n) break;
      for (let j = 0; j < k; j++) {
        this.skus[j] = strings[ints[at + 4 + j]!]!;
        this.amounts[j] = nums[x + 3 + j]!;
      }
      const stated = nums[x]!;
      this.builder.observeTax(strings[ints[at + 1]!]!, strings[ints[at + 2]!]!, Number.isNaN(stated) ? null : stated, nums[x + 1]!, nums[x + 2]!, this.skus, this.amounts, k);
      at += 4 + k;
      x += 3 + k;
    }
  }

  private readonly priced: string[] = [];
  private readonly pricedQty: number[] = [];
  private readonly zero: string[] = [];
  private readonly zeroQty: number[] = [];

  /**
   * The batch's kit observations of its first `n` transactions, in order. Invoices billing a SKU
   * at a price are summed per batch by the SKU's index in `strings` and counted once per SKU (a
   * map update per priced line cost the main thread more than the pairs).
   */
  private observeKits(b: LedgerBatch, n: number) {
    const ints = b.kitInts;
    const nums = b.kitNums;
    const strings = b.strings;
    const kits = this.builder.kitObservations;
    const pricedIn = new Int32Array(strings.length);
    let at = 0;
    let x = 0;
    while (at < ints.length) {
      const i = ints[at]!;
      if (i >= n) break;
      const customer = strings[ints[at + 1]!]!;
      const np = ints[at + 2]!;
      const nz = ints[at + 3]!;
      at += 4;
      if (nz === 0) {
        for (let j = 0; j < np; j++) pricedIn[ints[at++]!]!++;
        x += np;
        continue;
      }
      for (let j = 0; j < np; j++) {
        const r = ints[at++]!;
        pricedIn[r]!++;
        this.priced[j] = strings[r]!;
        this.pricedQty[j] = nums[x++]!;
      }
      for (let j = 0; j < nz; j++) {
        this.zero[j] = strings[ints[at++]!]!;
        this.zeroQty[j] = nums[x++]!;
      }
      kits.observePairs(customer, this.priced, this.pricedQty, np, this.zero, this.zeroQty, nz);
    }
    for (let r = 0; r < pricedIn.length; r++) if (pricedIn[r]! > 0) kits.countPriced(strings[r]!, pricedIn[r]!);
  }

  private readonly promoSkus: string[] = [];
  private readonly promoDiscounts: number[] = [];
  private readonly promoAmounts: number[] = [];

  /** The batch's promotion observations of its first `n` transactions, in order. */
  private observePromotions(b: LedgerBatch, n: number) {
    const ints = b.promoInts;
    const nums = b.promoNums;
    const strings = b.strings;
    const promotions = this.builder.promotionObservations;
    let at = 0;
    let x = 0;
    while (at < ints.length) {
      const i = ints[at]!;
      if (i >= n) break;
      const customer = strings[ints[at + 1]!]!;
      const currency = strings[ints[at + 2]!]!;
      const day = ints[at + 3]!;
      const k = ints[at + 4]!;
      const g = ints[at + 5]!;
      at += 6;
      for (let j = 0; j < k; j++) {
        this.promoSkus[j] = strings[ints[at++]!]!;
        this.promoDiscounts[j] = nums[x++]!;
        this.promoAmounts[j] = nums[x++]!;
      }
      const groups = g === 0 ? NO_GROUPS : Array.from({ length: g }, () => strings[ints[at++]!]!);
      promotions.observe(customer, currency, day, this.promoSkus, this.promoDiscounts, this.promoAmounts, k, groups);
    }
  }

  finish(): HistoryStats {
    return this.builder.finish();
  }
}

/**
 * An empty ledger whose columns and tables are in shared memory, for `n` transactions: key bytes
 * are reserved generously (ids 32, fingerprints 256, document keys 64 a transaction), as pages
 * never written cost nothing.
 */
function sharedLedger(n: number): HistoryStats {
  const capacity = 2 ** Math.ceil(Math.log2(Math.max(1024, n)));
  return HistoryStats.fromLedgerParts({
    size: 0,
    startMs: Number.POSITIVE_INFINITY,
    endMs: Number.NEGATIVE_INFINITY,
    seqById: StringTable.sharedFor(capacity, capacity * 32).parts(),
    idEntryOf: sharedArray(Int32Array, capacity),
    msOf: sharedArray(Float64Array, capacity),
    amountOf: sharedArray(Float64Array, capacity),
    invoiceAt: sharedArray(Uint8Array, capacity),
    shadowedInvoices: new Map(),
    creditsByReference: new Map(),
    fingerprintFirst: StringTable.sharedFor(capacity, capacity * 256).parts(),
    fingerprintLater: new Map(),
    documentKeys: StringTable.sharedFor(capacity, capacity * 64).parts(),
    // Counted as the merge adds each key (HistoryStats.countDocumentKey), not over the table after it.
    documentKeyFilter: sharedArray(Uint8Array, DocumentKeyFilter.countsFor(capacity)),
    taxHabits: TaxHabits.empty.parts,
    kitComponents: KitComponents.empty.parts,
    promotionHabits: PromotionHabits.empty.parts,
    namedContracts: new Set(),
    creditNamedContracts: new Set(),
    invoiceReferences: new Map(),
    counterpartyDocuments: new CounterpartyDocuments().parts(),
    counterpartyNumbers: new Map(),
    documentsByNumber: new Map(),
    documentColumnNumbers: new Map(),
    documentColumnVerdict: undefined,
    selfApprovals: new Map(),
    approvesForOthers: new Set(),
  });
}

/** The ledger with its typed arrays in shared memory (copied where they are not): posting it to workers copies no array. */
export function shareLedger(stats: HistoryStats): LedgerParts {
  const p = stats.ledgerParts();
  return {
    ...p,
    seqById: shareTable(p.seqById),
    idEntryOf: shared(p.idEntryOf.subarray(0, p.size)),
    msOf: shared(p.msOf.subarray(0, p.size)),
    amountOf: shared(p.amountOf.subarray(0, p.size)),
    invoiceAt: shared(p.invoiceAt.subarray(0, p.size)),
    fingerprintFirst: shareTable(p.fingerprintFirst),
    documentKeys: shareTable(p.documentKeys),
    documentKeyFilter: p.documentKeyFilter && shared(p.documentKeyFilter),
    counterpartyDocuments: { ...p.counterpartyDocuments, offsets: shared(p.counterpartyDocuments.offsets), positions: shared(p.counterpartyDocuments.positions) },
  };
}

function shareTable(t: StringTableParts): StringTableParts {
  return {
    ...t,
    slots: shared(t.slots),
    hashes: shared(t.hashes),
    starts: shared(t.starts),
    lengths: shared(t.lengths),
    values: shared(t.values),
    bytes: shared(t.bytes.subarray(0, t.used)),
  };
}

function shared<A extends Int32Array | Float64Array | Uint8Array>(a: A): A {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const copy = new (a.constructor as new (b: SharedArrayBuffer) => A)(new SharedArrayBuffer(a.byteLength));
  copy.set(a as never);
  return copy;
}
