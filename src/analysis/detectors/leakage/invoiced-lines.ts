// The invoices' lines a history pass collects for deductions to be validated against
// (deduction-evidence.ts), kept in columns: per line an invoice entry and an item entry (Int32)
// and its quantity and amount (Float64), the invoices' keys in a StringTable and the items' codes
// in a short list. A million lines are then four typed arrays of 24 MB together instead of a
// million JS arrays (~100 MB and a garbage collector walking each of them); a part collected by a
// split-scan worker crosses to the main thread as these arrays.
import { StringTable, type StringTableParts } from "../../string-table.ts";

/** An invoice's item, summed over its lines: [customer and invoice key, sku, quantity, amount]. */
export type InvoicedItemEntry = [string, string, number, number];

export interface InvoicedLinesState {
  size: number;
  keys: StringTableParts;
  skus: string[];
  invoiceOf: Int32Array;
  skuOf: Int32Array;
  quantity: Float64Array;
  amount: Float64Array;
}

export class InvoicedLines {
  size = 0;
  private keys = new StringTable(256);
  private skus: string[] = [];
  private readonly skuIndex = new Map<string, number>();
  private invoiceOf: Int32Array = new Int32Array(1024);
  private skuOf: Int32Array = new Int32Array(1024);
  private quantity: Float64Array = new Float64Array(1024);
  private amount: Float64Array = new Float64Array(1024);

  static of(s: InvoicedLinesState): InvoicedLines {
    const l = new InvoicedLines();
    l.size = s.size;
    l.keys = StringTable.fromParts(s.keys);
    l.skus = s.skus;
    s.skus.forEach((sku, i) => l.skuIndex.set(sku, i));
    l.invoiceOf = s.invoiceOf;
    l.skuOf = s.skuOf;
    l.quantity = s.quantity;
    l.amount = s.amount;
    return l;
  }

  /** The entry of an invoice's key, to add its lines under (one lookup per invoice, not per line). */
  invoice(key: string): number {
    // Its value is its entry number (entries are numbered in insertion order).
    return this.keys.entryOfKey(key, this.keys.size);
  }

  add(invoice: number, sku: string, quantity: number, amount: number) {
    if (this.size === this.quantity.length) this.grow();
    let s = this.skuIndex.get(sku);
    if (s === undefined) {
      s = this.skus.length;
      this.skus.push(sku);
      this.skuIndex.set(sku, s);
    }
    const i = this.size++;
    this.invoiceOf[i] = invoice;
    this.skuOf[i] = s;
    this.quantity[i] = quantity;
    this.amount[i] = amount;
  }

  state(): InvoicedLinesState {
    const n = this.size;
    return { size: n, keys: this.keys.parts(), skus: this.skus, invoiceOf: this.invoiceOf.slice(0, n), skuOf: this.skuOf.slice(0, n), quantity: this.quantity.slice(0, n), amount: this.amount.slice(0, n) };
  }

  /** Adds to `into` (key → sku → quantity and amount), in line order, the lines of the invoices `wanted` names. */
  sumInto(wanted: ReadonlySet<string>, into: Map<string, Map<string, { quantity: number; amount: number }>>) {
    // Which invoice entries are wanted: a lookup per wanted key, none per line.
    const take = new Uint8Array(this.keys.size);
    let any = false;
    for (const key of wanted) {
      const e = this.keys.get(key);
      if (e !== undefined) {
        take[e] = 1;
        any = true;
      }
    }
    if (!any) return;
    for (let i = 0; i < this.size; i++) {
      const e = this.invoiceOf[i]!;
      if (take[e] !== 1) continue;
      const key = this.keys.keyAt(e);
      let bySku = into.get(key);
      if (!bySku) into.set(key, (bySku = new Map()));
      const sku = this.skus[this.skuOf[i]!]!;
      const item = bySku.get(sku);
      if (item) {
        item.quantity += this.quantity[i]!;
        item.amount += this.amount[i]!;
      } else bySku.set(sku, { quantity: this.quantity[i]!, amount: this.amount[i]! });
    }
  }

  private grow() {
    const n = Math.ceil(this.quantity.length * 1.5);
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.invoiceOf = i32(this.invoiceOf);
    this.skuOf = i32(this.skuOf);
    this.quantity = f64(this.quantity);
    this.amount = f64(this.amount);
  }
}

/** The buffers of a state, to hand over to another thread without a copy (the sender keeps none of it). */
export function invoicedLinesTransfer(s: InvoicedLinesState): ArrayBuffer[] {
  const k = s.keys;
  return [s.invoiceOf, s.skuOf, s.quantity, s.amount, k.slots, k.hashes, k.starts, k.lengths, k.values, k.bytes]
    .map((a) => a.buffer)
    .filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
}
