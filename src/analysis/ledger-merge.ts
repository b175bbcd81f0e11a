// The history ledger built by several scan workers, each over one byte range of the source, and
// merged into exactly the ledger one pass over the whole source builds. A worker does the costly
// part of the history pass (parsing, mapping, fingerprint strings) and sends what the ledger keeps
// of each transaction as a compact batch (ledgerBatches); the merge replays the batches through
// HistoryBuilder.addLedgerEntry in source order (the first range's, then the next range's...), so
// positions, "latest id wins", credit-note lists and fingerprint order come out as in one pass.
// The merged ledger is then copied once into shared memory (shareLedger) so that every scan
// worker reads the same tables instead of holding a copy each.
import type { Transaction } from "../domain/transaction.ts";
import { documentKey, fingerprint, HistoryBuilder, HistoryStats, type LedgerParts } from "./history.ts";
import { parseDateMs } from "./dates.ts";
import { sharedArray, StringTable, type StringTableParts } from "./string-table.ts";

const INVOICE = 1;
const CREDIT_REFERENCE = 2;
const DOCUMENT = 4;

/** What the ledger keeps of a run of transactions, in source order. */
export interface LedgerBatch {
  ids: string[];
  /** Per transaction: INVOICE | CREDIT_REFERENCE | DOCUMENT bits. */
  kinds: Uint8Array;
  ms: Float64Array;
  amounts: Float64Array;
  /** The reference of each credit note that has one, in order. */
  references: string[];
  /** Fingerprint and document key of each invoice and payment, in order. */
  fingerprints: string[];
  documentKeys: string[];
}

/** Collects transactions into LedgerBatches of `size` (a worker posts each full one). */
export class LedgerBatchWriter {
  private ids: string[] = [];
  private kinds: Uint8Array;
  private ms: Float64Array;
  private amounts: Float64Array;
  private references: string[] = [];
  private fingerprints: string[] = [];
  private documentKeys: string[] = [];

  constructor(private readonly size = 8192) {
    this.kinds = new Uint8Array(size);
    this.ms = new Float64Array(size);
    this.amounts = new Float64Array(size);
  }

  get length(): number {
    return this.ids.length;
  }

  get full(): boolean {
    return this.ids.length >= this.size;
  }

  /** The same values HistoryBuilder.add derives from the transaction. */
  add(t: Transaction) {
    const i = this.ids.length;
    this.ids.push(t.transaction_id);
    this.ms[i] = t.date ? parseDateMs(t.date) : Number.NaN;
    this.amounts[i] = Math.abs(t.amount ?? 0);
    let kind = t.type === "invoice" ? INVOICE : 0;
    if (t.type === "credit_note" && t.reference) {
      kind |= CREDIT_REFERENCE;
      this.references.push(t.reference);
    }
    if (t.type === "invoice" || t.type === "payment") {
      kind |= DOCUMENT;
      this.fingerprints.push(fingerprint(t));
      this.documentKeys.push(documentKey(t));
    }
    this.kinds[i] = kind;
  }

  /** The batch so far (its arrays may be transferred), and a fresh one started. */
  take(): LedgerBatch {
    const n = this.ids.length;
    const batch: LedgerBatch = {
      ids: this.ids,
      kinds: this.kinds.slice(0, n),
      ms: this.ms.slice(0, n),
      amounts: this.amounts.slice(0, n),
      references: this.references,
      fingerprints: this.fingerprints,
      documentKeys: this.documentKeys,
    };
    this.ids = [];
    this.references = [];
    this.fingerprints = [];
    this.documentKeys = [];
    return batch;
  }
}

/** The buffers of a batch, for postMessage's transfer list. */
export function batchTransfer(b: LedgerBatch): ArrayBuffer[] {
  return [b.kinds.buffer as ArrayBuffer, b.ms.buffer as ArrayBuffer, b.amounts.buffer as ArrayBuffer];
}

/** A ledger-level HistoryBuilder fed batches in source order. */
export class LedgerMerge {
  private readonly builder: HistoryBuilder;
  transactions = 0;

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
    let d = 0;
    const n = Math.min(b.ids.length, this.limit - this.transactions);
    for (let i = 0; i < n; i++) {
      const kind = b.kinds[i]!;
      const document = (kind & DOCUMENT) !== 0;
      this.builder.addLedgerEntry(
        b.ids[i]!,
        (kind & INVOICE) !== 0,
        b.ms[i]!,
        b.amounts[i]!,
        (kind & CREDIT_REFERENCE) !== 0 ? b.references[r++] : undefined,
        document ? b.fingerprints[d] : undefined,
        document ? b.documentKeys[d++] : undefined,
      );
    }
    this.transactions += n;
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
