// Which of a customer's agreements may price an invoice's line. An agreement whose id the history's
// invoices name as theirs (`contract_id`: a law firm's matter with its blended rate, a general
// contractor's project with its T&M schedule, a tenant's lease) is scoped: it prices the invoices
// of that scope, not the customer's others. An invoice of another scope is priced by the contract
// it names and the customer's agreements no invoice names (client-wide terms: a discount off
// standard, a rate card), and by promotions open to all. An invoice that names no contract keeps
// every agreement of its customer as an alternative, as does an agreement no invoice names (the
// history cannot tell it from a client-wide one).
//
// A promotion open to all is claimed the same way when the history's invoices or their lines name
// it (a line's own `contract_id`): a charging network's free opening month at one new location is
// named on every receipt of a session there and on a fleet invoice's sessions there, and prices
// those, not a session at another location that month (a campaign no invoice names — a web store's
// sale — still prices every invoice). Read wider, a promotion nobody named on a session billed at
// last month's tariff made the 0.00 of the promotion its price: nothing was below it. A deal that
// only credit notes name (a retailer's deductions claiming a trade promotion) is an allowance and
// prices no invoice.
import type { Contract, Transaction, TransactionLine } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { isPromotion } from "../../reference-index.ts";

/**
 * The contracts and promotions that could govern the invoice's SKU (any validity window), without
 * other scopes' agreements nor promotions claimed by naming that neither the invoice nor `line`
 * (when given; else any of the invoice's lines) names.
 */
export function contractsInScope(ctx: AnalysisContext, txn: Transaction, sku: string, line?: TransactionLine): Contract[] {
  const all = ctx.reference.contractsFor(txn.customer_id, sku, txn.contract_id);
  // Most lines' codes have no agreement: nothing to leave out, no closure made for them.
  if (all.length === 0) return all;
  const named = ctx.history.namedContracts;
  const allowances = txn.type === "invoice" ? ctx.history.creditNamedContracts : NONE;
  if (named.size === 0 && allowances.size === 0) return all;
  const scope = txn.contract_id;
  const excluded = (c: Contract) => (scope ? otherScope(c, scope, named) : false) || unclaimedPromotion(c, txn, line, named) || allowance(c, txn, named, allowances);
  return all.some(excluded) ? all.filter((c) => !excluded(c)) : all;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * A deal the history's credit notes name and no invoice does: an allowance a retailer's
 * deductions claim under (a scan-back's rate per case), not the price of the goods it is paid on —
 * read as one, every invoice of the item was "above the agreement". Unless this invoice names it.
 */
function allowance(c: Contract, txn: Transaction, named: ReadonlySet<string>, allowances: ReadonlySet<string>): boolean {
  return allowances.has(c.contract_id) && !named.has(c.contract_id) && c.contract_id !== txn.contract_id;
}

/** Whether the row is another scope's agreement for this invoice (as contractsInScope leaves out). */
export function outsideScope(ctx: AnalysisContext, txn: Transaction, c: Contract): boolean {
  const scope = txn.contract_id;
  return scope !== undefined && scope !== "" && otherScope(c, scope, ctx.history.namedContracts);
}

function otherScope(c: Contract, scope: string, named: ReadonlySet<string>): boolean {
  return c.contract_id !== scope && !isPromotion(c) && named.has(c.contract_id);
}

/** A promotion the history's documents claim by naming it, that neither this invoice nor its line names. */
function unclaimedPromotion(c: Contract, txn: Transaction, line: TransactionLine | undefined, named: ReadonlySet<string>): boolean {
  if (!isPromotion(c) || !named.has(c.contract_id) || c.contract_id === txn.contract_id) return false;
  if (line) return line.contract_id !== c.contract_id;
  return !txn.lines.some((l) => l.contract_id === c.contract_id);
}
