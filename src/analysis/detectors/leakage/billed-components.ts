// The components of each service's bills, month by month, collected over the history pass: what
// a revenue-assurance analyst lines up to see usage that stopped (usage-stopped.ts) and a
// component missing from one bill (component-missing.ts). A service is the contract the bills name
// (a service agreement, a subscription: invoices without `contract_id` are not read) with the
// customer billed for it (a premise's service agreement billed to its owner while vacant
// is another account's business); its month is the bill's date's (a named period's start is no
// better: an export writing 12/03/2024 cannot say whether it is March or December, and keying
// some bills by their period and others by their date would put two in one month). Only lines stating a unit of measure are kept: the unit is what tells usage
// (kWh, kW, GB, minutes) from a charge per period (MO) and from a percentage of other lines (a
// franchise fee, a discount). An export whose lines state no unit costs a test per line.
import type { Transaction } from "../../../domain/transaction.ts";
import type { Finding } from "../types.ts";
import { dayOf } from "../../dates.ts";
import { attributeKey } from "./markers.ts";
import { idleStatus } from "./service-idle.ts";
import { type RentalBill, RentalBills } from "./rental-periods.ts";
import { EstimatedBills, type EstimatesState } from "./estimate-true-up.ts";
import { type WithdrawalRefund, WithdrawalRefunds } from "./refund-schedule.ts";
import { type RateAdjustmentEntry, RateAdjustments } from "./rate-adjustments.ts";
import { type InstalmentShare, InstalmentSchedules } from "./instalment-schedule.ts";
import { CancelledPolicies, type CancelledPolicyDocument } from "./instalment-after-cancellation.ts";
import { FollowUpBilling, type FollowUpLine } from "./follow-up-billing.ts";
import { DeductionEvidence, type DeductionEvidenceState } from "./deduction-evidence.ts";

/** How a line's unit counts. */
export type UnitKind = "usage" | "time" | "percent";

/** Units of a charge per period of time: a customer charge, a plan, a base charge. */
const TIME_UNITS = new Set([
  "MO", "MON", "MTH", "MONTH", "MONTHS", "MONTHLY", "MNT", "PERMONTH", "QTR", "QUARTER", "YR", "YEAR", "ANNUAL",
  "WK", "WEEK", "WEEKLY", "DAY", "DAYS", "DY", "BILL", "BILLINGPERIOD", "PERIOD", "CYCLE",
]);
const PERCENT_UNITS = new Set(["PCT", "PERCENT", "PC", "PERC"]);

/** The kind of a unit as an export writes it ("kWh", "MO", "%"); undefined: no unit. */
export function unitKind(unit: string | undefined): UnitKind | undefined {
  if (unit === undefined) return undefined;
  const trimmed = unit.trim();
  if (trimmed === "") return undefined;
  if (trimmed.includes("%")) return "percent";
  const k = attributeKey(trimmed);
  if (k === "") return undefined;
  if (PERCENT_UNITS.has(k)) return "percent";
  return TIME_UNITS.has(k) ? "time" : "usage";
}

/** One charge code on a month's bills of a service: its unit, quantity and amount summed. */
export interface Component {
  unit: string;
  kind: UnitKind;
  quantity: number;
  amount: number;
}

/** A service's bills of one month. */
export interface MonthBill {
  /** Months since year 0 (year × 12 + month − 1). */
  month: number;
  /** Charge code → its lines on the month's invoices. */
  components: Map<string, Component>;
  /** The invoices of the month, each with the codes it bills (a finding goes on the bill, not on a late fee's invoice). */
  documents: { doc: number; codes: string[] }[];
  /** A status column said the premise or service was not in use. */
  idle: boolean;
}

/** What a BilledComponents holds, as plain data: a scan worker's share of the history pass. */
export interface BilledComponentsState {
  services: [string, MonthBill[]][];
  documents: string[];
  rentals: RentalBill[];
  estimates: EstimatesState;
  refunds: WithdrawalRefund[];
  rateAdjustments: RateAdjustmentEntry[];
  instalments: InstalmentShare[];
  cancelled: CancelledPolicyDocument[];
  followUps: FollowUpLine[];
  deductions: DeductionEvidenceState;
}

/** Collects, over the history pass, each service's invoice lines that state a unit, by month. */
export class BilledComponents {
  private readonly services = new Map<string, Map<number, MonthBill>>();
  /** Transaction ids of the documents kept. */
  readonly documents: string[] = [];
  /** The bills that say they are an equipment rental's, judged against their contract (rental-periods.ts). */
  readonly rentals = new RentalBills();
  /** The bills raised on an estimate and the documents naming them (estimate-true-up.ts). */
  readonly estimates = new EstimatedBills();
  /** The credit notes refunding a withdrawal by a percentage (refund-schedule.ts). */
  readonly refunds = new WithdrawalRefunds();
  /** The retro rate adjustment lines (rate-adjustments.ts), read by price_below_contract. */
  readonly rateAdjustments = new RateAdjustments();

  /** The shares of a term's price that instalment invoices bill (instalment-schedule.ts). */
  readonly instalments = new InstalmentSchedules();
  /** The documents of cancelled policies (instalment-after-cancellation.ts). */
  readonly cancelled = new CancelledPolicies();
  /** What later invoices billed of the documents they name (follow-up-billing.ts), read by unbilled_shipment. */
  readonly followUps = new FollowUpBilling();
  /** The invoices' lines, repayments and claim numbers deductions are validated against (deduction-evidence.ts). */
  readonly deductions = new DeductionEvidence();

  /** Whether the pass collected anything state() carries: a scan worker sends its part's state only then. */
  get collectedAny(): boolean {
    return this.documents.length > 0 || this.estimates.collected || this.refunds.refunds.length > 0 || this.rateAdjustments.entries.length > 0 || this.instalments.shares.length > 0 || this.cancelled.documents.length > 0 || this.followUps.entries.length > 0 || this.deductions.collectedAny;
  }

  /** Its content, to cross threads (parallel/split-scan.ts). */
  state(): BilledComponentsState {
    return { services: [...this.services].map(([key, months]) => [key, [...months.values()]]), documents: this.documents, rentals: this.rentals.bills, estimates: this.estimates.state(), refunds: this.refunds.refunds, rateAdjustments: this.rateAdjustments.entries, instalments: this.instalments.shares, cancelled: this.cancelled.documents, followUps: this.followUps.entries, deductions: this.deductions.state() };
  }

  /**
   * Adds a later part of the history (a scan worker's part, in source order): its documents after
   * these, a month's bills of a service in both parts as one month's.
   */
  merge(part: BilledComponentsState) {
    const offset = this.documents.length;
    for (const id of part.documents) this.documents.push(id);
    this.rentals.merge(part.rentals);
    this.estimates.merge(part.estimates);
    this.refunds.merge(part.refunds);
    this.rateAdjustments.merge(part.rateAdjustments);
    this.instalments.merge(part.instalments);
    this.cancelled.merge(part.cancelled);
    this.followUps.merge(part.followUps);
    this.deductions.merge(part.deductions);
    for (const [key, bills] of part.services) {
      let months = this.services.get(key);
      if (!months) this.services.set(key, (months = new Map()));
      for (const b of bills) {
        const docs = b.documents.map((d) => ({ doc: d.doc + offset, codes: d.codes }));
        const here = months.get(b.month);
        if (!here) {
          months.set(b.month, { ...b, documents: docs });
          continue;
        }
        here.idle ||= b.idle;
        here.documents.push(...docs);
        for (const [code, c] of b.components) {
          const mine = here.components.get(code);
          if (mine) {
            mine.quantity += c.quantity;
            mine.amount += c.amount;
          } else here.components.set(code, c);
        }
      }
    }
  }

  add(t: Transaction) {
    // Any bill or credit: an estimate, or a document naming one.
    this.estimates.add(t);
    this.refunds.add(t);
    this.rateAdjustments.add(t);
    this.instalments.add(t);
    this.cancelled.add(t);
    this.followUps.add(t);
    this.deductions.add(t);
    // A service is what the bills name as a contract: a customer's orders of goods are no service
    // that bills month after month (the same units on one month's orders and not the next say nothing).
    if (t.type !== "invoice" || t.contract_id === undefined || t.contract_id === "") return;
    this.rentals.add(t);
    let kept: { sku: string; unit: string; kind: UnitKind; quantity: number; amount: number }[] | undefined;
    for (const l of t.lines) {
      if (!l.sku || l.unit === undefined) continue;
      const kind = unitKind(l.unit);
      if (kind === undefined) continue;
      const amount = l.amount ?? (l.unit_price !== undefined ? l.unit_price * (l.quantity ?? 1) : undefined);
      if (amount === undefined || !Number.isFinite(amount)) continue;
      (kept ??= []).push({ sku: l.sku, unit: attributeKey(l.unit), kind, quantity: l.quantity ?? 0, amount });
    }
    if (kept === undefined) return;
    const day = dayOf(t.date);
    if (!day) return;
    const month = +day.slice(0, 4) * 12 + (+day.slice(5, 7) - 1);
    const key = `${t.contract_id}\u0000${t.customer_id ?? ""}`;
    let months = this.services.get(key);
    if (!months) this.services.set(key, (months = new Map()));
    let bill = months.get(month);
    if (!bill) months.set(month, (bill = { month, components: new Map(), documents: [], idle: false }));
    if (idleStatus(t) !== undefined) bill.idle = true;
    const doc = this.documents.length;
    this.documents.push(t.transaction_id);
    const codes: string[] = [];
    for (const l of kept) {
      const c = bill.components.get(l.sku);
      if (c) {
        c.quantity += l.quantity;
        c.amount += l.amount;
      } else bill.components.set(l.sku, { unit: l.unit, kind: l.kind, quantity: l.quantity, amount: l.amount });
      if (!codes.includes(l.sku)) codes.push(l.sku);
    }
    bill.documents.push({ doc, codes });
  }

  /**
   * Each service's month bills, in month order: of the services billed once a month (in most of
   * their months one invoice: a late fee's or a rebill's now and then) — a freight agreement's
   * shipments, billed a dozen times a month with the accessorials each needed, are no bill whose
   * components recur. A service of fewer than four months has no run to judge.
   */
  *histories(): Generator<MonthBill[]> {
    for (const months of this.services.values()) {
      if (months.size < 4) continue;
      let single = 0;
      for (const m of months.values()) if (m.documents.length === 1) single++;
      if (single * 2 < months.size) continue;
      yield [...months.values()].sort((a, b) => a.month - b.month);
    }
  }
}

/** A finding and the documents it goes on. */
export interface ServiceFinding {
  documents: number[];
  finding: Finding;
}

/** Whether months[from..to] (inclusive) follow one another month by month. */
export function consecutive(months: readonly MonthBill[], from: number, to: number): boolean {
  if (from < 0 || to >= months.length) return false;
  for (let k = from + 1; k <= to; k++) if (months[k]!.month !== months[k - 1]!.month + 1) return false;
  return true;
}

export function monthName(month: number): string {
  return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, "0")}`;
}
