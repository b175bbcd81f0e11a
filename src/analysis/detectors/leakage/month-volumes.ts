// Volume tiers counted over the calendar month. A container terminal's contract with a shipping
// line prices lifts lower once the line's moves of the month pass a threshold (1,100 moves): the
// billing run prices each vessel call after that at the tier's rate, though no one call moves
// 1,100 boxes; carriers' monthly volume incentives and 3PLs' monthly pick tiers work alike. A
// line at a tier its own quantity does not reach is worth a look (price-below-contract.ts); where
// the customer's quantities of the tier's codes (the rows of its contract at that threshold, in its
// unit: the four lift codes together) billed in the calendar month up to the document's day, with
// the document's own, reach it, the tier was earned: the month's volume prices the line. Credit
// notes take their quantities back (a call credited in full and re-invoiced counts once); a tier
// reached only by later documents of the month is not earned yet — the tier's rate before the
// threshold is the leak a terminal's revenue assurance finds.
//
// Collected over the history pass, only for the codes a contract row tiers (min_quantity), so a
// connector without tiers keeps nothing. A connector whose contracts state tiers scans in process
// (engine.ts), as one whose contracts state a cadence does: the month's volume is one pass's.
import { type Contract, type Transaction, type TransactionLine, unitCode } from "../../../domain/transaction.ts";
import { dayOf } from "../../dates.ts";

/** One line's quantity of a tiered code: its document's day, the quantity (negative for a credit), the document's id and the line's unit. */
type Entry = [day: string, quantity: number, document: string, unit: string | undefined];

export class MonthToDateVolumes {
  static readonly empty = new MonthToDateVolumes(new Set(), []);
  /** `customer month code` → the lines' quantities of it. */
  private readonly entries = new Map<string, Entry[]>();

  private constructor(
    /** The codes a contract row tiers. */
    private readonly tiered: ReadonlySet<string>,
    /** The tier rows, to find a tier's codes. */
    private readonly tierRows: readonly Contract[],
  ) {}

  /** A collector for the tiers of `contracts`; undefined where no row states a tier. */
  static of(contracts: readonly Contract[]): MonthToDateVolumes | undefined {
    const rows = contracts.filter((c) => (c.min_quantity ?? 0) > 0);
    return rows.length === 0 ? undefined : new MonthToDateVolumes(new Set(rows.map((c) => c.sku)), rows);
  }

  get collected(): boolean {
    return this.entries.size > 0;
  }

  add(t: Transaction) {
    if ((t.type !== "invoice" && t.type !== "credit_note") || !t.customer_id) return;
    const day = dayOf(t.date);
    if (!day) return;
    const sign = t.type === "credit_note" ? -1 : 1;
    for (const l of t.lines) {
      const code = this.tieredCode(l);
      if (code === undefined || l.quantity === undefined || l.quantity === 0) continue;
      // An invoice's lines at a negative quantity (a correction) are not volume; a credit's take it back.
      if (sign > 0 && l.quantity < 0) continue;
      const key = volumeKey(t.customer_id, day, code);
      const list = this.entries.get(key);
      const entry: Entry = [day, sign * Math.abs(l.quantity), t.transaction_id, l.unit];
      if (list) list.push(entry);
      else this.entries.set(key, [entry]);
    }
  }

  /**
   * Whether the customer's quantities of the tier's codes, billed in the calendar month of the
   * document up to its day (the document itself counted once, from its own lines), reach the tier.
   */
  reaches(txn: Transaction, tier: Contract): boolean {
    const min = tier.min_quantity ?? 0;
    const day = dayOf(txn.date);
    if (!(min > 0) || !day || !txn.customer_id) return false;
    const unit = tier.unit;
    const codes = new Set(this.tierRows.filter((c) => c.contract_id === tier.contract_id && c.customer_id === tier.customer_id && c.min_quantity === min && sameUnitCode(c.unit, unit)).map((c) => c.sku));
    let quantity = 0;
    for (const l of txn.lines) {
      const code = this.tieredCode(l);
      if (code !== undefined && codes.has(code) && l.quantity !== undefined && l.quantity > 0 && sameUnitCode(l.unit, unit)) quantity += l.quantity;
    }
    if (this.entries.size === 0) return quantity >= min;
    for (const code of codes) {
      for (const e of this.entries.get(volumeKey(txn.customer_id, day, code)) ?? []) {
        if (e[0] <= day && e[2] !== txn.transaction_id && sameUnitCode(e[3], unit)) quantity += e[1];
      }
    }
    return quantity >= min;
  }

  private tieredCode(l: TransactionLine): string | undefined {
    if (l.sku !== undefined && this.tiered.has(l.sku)) return l.sku;
    if (l.base_sku !== undefined && this.tiered.has(l.base_sku)) return l.base_sku;
    return undefined;
  }
}

function volumeKey(customer: string, day: string, code: string): string {
  return `${customer}\u0001${day.slice(0, 7)}\u0001${code}`;
}

/** Units compared as unitCode reads them; a side stating none matches any. */
function sameUnitCode(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined || unitCode(a) === unitCode(b);
}
