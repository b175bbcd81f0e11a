// The amount contexts of a "full" history (amount-contexts.ts) built on a worker thread while the
// main thread builds the rest of the history. They were half of the main thread's CPU in a
// journal scan (the history's samples per context and routine, and their summaries), and they
// depend on nothing else the history builds: the main thread sends, per history entry, what
// AmountContextsBuilder.add reads of it — scope, user, amount, each context field's value, the
// lines' SKUs and amounts — as codes in typed arrays (the categorical values by the
// codes the history has just counted them under, so no lookup is spent on them), and the worker
// replays them in order through AmountContextsBuilder.addValues: the same calls in the same order
// as in process, so the same samples from the same seeded random stream, and the same result
// (test/analysis/amount-offload.test.ts). The finished contexts come back as plain data.
import type { Transaction } from "../../domain/transaction.ts";
import { type AmountContextField, AmountContexts, AmountContextsBuilder, type AmountContextsParts, type AmountContextsSink, amountContextFields, type AmountLine, categoricalPositions, type ScopeReader, userOf } from "../amount-contexts.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";
import { scanWorkerUrl } from "./split-scan.ts";

/** Entries per batch: few messages, and little held on either side. */
const BATCH_ENTRIES = 4096;
/** The first batch is sent after this many: the branch that sends one then runs before the JIT
 *  compiles the history's add (which inlines this one). First taken 4,096 entries in, it made the
 *  compiled code exit and be compiled again (BUN_JSC_printEachOSRExit=1: InadequateCoverage). */
const FIRST_BATCH_ENTRIES = 256;

/** A batch of encoded entries (main → worker; copied, not transferred: AmountContextsOffload.flush). */
export interface AmountBatch {
  count: number;
  ints: Int32Array;
  floats: Float64Array;
  /** Strings first used in this batch (scopes, users, values of fields that are not
   *  categorical, SKUs): their codes continue the ones sent before. */
  strings: string[];
  /** Categorical values first used in this batch: field position, the history's code, value. */
  names: [number, number, string][];
}

/**
 * Encodes entries for the worker. Per entry: in `ints` its history position, scope, user (-1:
 * none), number of lines, then per context field its value's code (-1: none, a line field, or an
 * amount of 0: add() reads no value then), then per line its SKU's code (-1: none); in `floats`
 * its absolute amount, then per line its amount (NaN: none).
 */
export class AmountBatchWriter {
  private ints = new Int32Array(BATCH_ENTRIES * 12);
  private floats = new Float64Array(BATCH_ENTRIES * 3);
  private i = 0;
  private f = 0;
  count = 0;
  private readonly codes = new Map<string, number>();
  private strings: string[] = [];
  private names: [number, number, string][] = [];
  /** Per categorical field: the codes whose value the worker has been sent. */
  private readonly named: Uint8Array[];
  private readonly categoricalAt: Int32Array;

  constructor(
    private readonly fields: readonly AmountContextField[],
    private readonly scope: ScopeReader,
    categorical: readonly string[],
  ) {
    this.categoricalAt = categoricalPositions(fields, categorical);
    this.named = categorical.map(() => new Uint8Array(64));
  }

  /** Batches sent so far (the first one is short: FIRST_BATCH_ENTRIES). */
  private batches = 0;

  get full(): boolean {
    return this.count >= (this.batches === 0 ? FIRST_BATCH_ENTRIES : BATCH_ENTRIES);
  }

  /** `codes`: the history's codes of the entry's categorical values (HistoryStats.countCategoricals). */
  add(t: Transaction, seq: number, codes: Int32Array) {
    const fields = this.fields;
    const lines = t.lines;
    this.reserve(4 + fields.length + lines.length, 1 + lines.length);
    const ints = this.ints;
    const amount = Math.abs(t.amount ?? 0);
    const user = userOf(t);
    ints[this.i++] = seq;
    ints[this.i++] = this.code(this.scope(t));
    ints[this.i++] = user === undefined ? -1 : this.code(user);
    ints[this.i++] = lines.length;
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k]!;
      let code = -1;
      if (!f.perLine && amount > 0) {
        const c = this.categoricalAt[k]!;
        if (c >= 0) {
          code = codes[c]!;
          if (code >= 0 && !this.isNamed(c, code)) this.names.push([c, code, f.read(t)!]);
        } else {
          const value = f.read(t);
          if (value !== undefined) code = this.code(value);
        }
      }
      ints[this.i++] = code;
    }
    this.floats[this.f++] = amount;
    for (let k = 0; k < lines.length; k++) {
      const l = lines[k]!;
      ints[this.i++] = l.sku === undefined ? -1 : this.code(l.sku);
      this.floats[this.f++] = l.amount ?? Number.NaN;
    }
    this.count++;
  }

  /** The batch so far (its arrays are its own, exactly as long as the batch). */
  take(): AmountBatch {
    const batch: AmountBatch = { count: this.count, ints: this.ints.slice(0, this.i), floats: this.floats.slice(0, this.f), strings: this.strings, names: this.names };
    this.i = 0;
    this.f = 0;
    this.count = 0;
    this.strings = [];
    this.names = [];
    this.batches++;
    return batch;
  }

  private code(s: string): number {
    let c = this.codes.get(s);
    if (c === undefined) {
      c = this.codes.size;
      this.codes.set(s, c);
      this.strings.push(s);
    }
    return c;
  }

  private isNamed(field: number, code: number): boolean {
    let seen = this.named[field]!;
    if (code >= seen.length) {
      const grown = new Uint8Array(Math.max(seen.length * 2, code + 1));
      grown.set(seen);
      this.named[field] = seen = grown;
    }
    if (seen[code] === 1) return true;
    seen[code] = 1;
    return false;
  }

  private reserve(ints: number, floats: number) {
    if (this.i + ints > this.ints.length) {
      const grown = new Int32Array(Math.max(this.ints.length * 2, this.i + ints));
      grown.set(this.ints.subarray(0, this.i));
      this.ints = grown;
    }
    if (this.f + floats > this.floats.length) {
      const grown = new Float64Array(Math.max(this.floats.length * 2, this.f + floats));
      grown.set(this.floats.subarray(0, this.f));
      this.floats = grown;
    }
  }
}

/** The worker's side: decodes the batches in order into an AmountContextsBuilder. */
export class AmountBatchReader {
  readonly builder: AmountContextsBuilder;
  private readonly strings: string[] = [];
  private readonly names: string[][];
  private readonly categoricalAt: Int32Array;
  private readonly values: (string | undefined)[];
  private readonly lines: AmountLine[] = [];

  constructor(categorical: readonly string[], kind?: string) {
    const fields = amountContextFields(categorical, kind);
    // The scope reader is the main thread's (add() is not called here; addValues is given the scope).
    this.builder = new AmountContextsBuilder(fields, { read: () => "", field: null });
    this.categoricalAt = categoricalPositions(fields, categorical);
    this.names = categorical.map(() => []);
    this.values = fields.map(() => undefined);
  }

  add(batch: AmountBatch) {
    for (const s of batch.strings) this.strings.push(s);
    for (const [field, code, value] of batch.names) this.names[field]![code] = value;
    const { ints, floats } = batch;
    const strings = this.strings;
    const values = this.values;
    const n = values.length;
    let i = 0;
    let f = 0;
    for (let e = 0; e < batch.count; e++) {
      const seq = ints[i++]!;
      const scope = strings[ints[i++]!]!;
      const userCode = ints[i++]!;
      const lineCount = ints[i++]!;
      for (let k = 0; k < n; k++) {
        const code = ints[i++]!;
        const c = this.categoricalAt[k]!;
        values[k] = code < 0 ? undefined : c >= 0 ? this.names[c]![code] : strings[code];
      }
      const amount = floats[f++]!;
      const lines = this.lines;
      lines.length = lineCount;
      for (let k = 0; k < lineCount; k++) {
        const sku = ints[i++]!;
        const lineAmount = floats[f++]!;
        const line = (lines[k] ??= {});
        line.sku = sku < 0 ? undefined : strings[sku];
        line.amount = Number.isNaN(lineAmount) ? undefined : lineAmount;
      }
      this.builder.addValues(scope, userCode < 0 ? undefined : strings[userCode], seq, lines, amount, values);
    }
  }
}

/**
 * The worker thread of one history's amount contexts, started before it is needed: it loads
 * while the history's first entries are read (the contexts begin once the fields are chosen, at
 * the PROFILE_ROWS-th entry), so that it is not behind by its start-up as well. A failure or a
 * stop before the contexts came back rejects `result`; close() ends it in any case.
 */
export class AmountContextsThread {
  private readonly worker: Worker;
  readonly result: Promise<AmountContextsParts>;
  private closed = false;

  constructor() {
    this.worker = new Worker(scanWorkerUrl(), { env: process.env } as WorkerOptions);
    this.result = new Promise<AmountContextsParts>((resolve, reject) => {
      this.worker.onmessage = (e: MessageEvent<FromWorker>) => {
        const m = e.data;
        if (m.op === "amounts") resolve(m.parts);
        else if (m.op === "failed") reject(new Error(`the amount contexts' worker failed: ${m.message}`));
      };
      this.worker.onerror = (e: ErrorEvent) => reject(new Error(`the amount contexts' worker failed: ${e.message || "uncaught error"}`));
      this.worker.addEventListener("close", () => reject(new Error("the amount contexts' worker stopped before finishing")));
    });
    // A failure is the offload's finish() to report; until then it must not be an unhandled rejection.
    this.result.catch(() => {});
  }

  send(m: ToWorker, transfer: ArrayBuffer[] = []) {
    if (!this.closed) this.worker.postMessage(m, transfer);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.worker.terminate();
  }
}

/**
 * The main thread's side: the amount contexts built on `thread` from the entries given to add();
 * finish() hands back the finished AmountContexts (with this thread's fields and scope reader). A
 * worker that fails or stops fails finish(); finish() and close() end the thread.
 */
export class AmountContextsOffload implements AmountContextsSink {
  private readonly writer: AmountBatchWriter;

  constructor(
    private readonly fields: readonly AmountContextField[],
    private readonly scope: { read: ScopeReader; field: string | null },
    categorical: readonly string[],
    private readonly thread = new AmountContextsThread(),
  ) {
    this.writer = new AmountBatchWriter(fields, scope.read, categorical);
    const kind = fields.find((f) => f.kind)?.field;
    thread.send({ op: "amounts", categorical: [...categorical], ...(kind === undefined ? {} : { kind }) });
  }

  add(t: Transaction, seq: number, codes: Int32Array) {
    this.writer.add(t, seq, codes);
    if (this.writer.full) this.flush();
  }

  async finish(): Promise<AmountContexts> {
    try {
      if (this.writer.count > 0) this.flush();
      this.thread.send({ op: "amounts-finish" });
      return AmountContexts.fromParts(await this.thread.result, this.fields, this.scope);
    } finally {
      this.close();
    }
  }

  close() {
    this.thread.close();
  }

  /**
   * The batch is copied to the worker, not transferred: transferring detaches its buffers, and the
   * first buffer this thread detaches makes JSC throw away the optimized code that read typed
   * arrays on the assumption that none ever is — the CSV reader's, the mapping's, the history's
   * tables (measured: mapHeadOf, mapLineOf, the string table's and the pair counts' functions
   * compiled twice by the FTL, the first time ~14,000 entries into the history pass). The copy of a
   * batch (~230 KB) costs a fraction of a millisecond.
   */
  private flush() {
    const batch = this.writer.take();
    this.thread.send({ op: "amounts-batch", batch });
  }
}
