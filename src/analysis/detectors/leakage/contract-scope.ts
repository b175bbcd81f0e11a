// Which of a customer's agreements may price an invoice's line. An agreement whose id the history's
// invoices name as theirs (`contract_id`: a law firm's matter with its blended rate, a general
// contractor's project with its T&M schedule, a tenant's lease) is scoped: it prices the invoices
// of that scope, not the customer's others. An invoice of another scope is priced by the contract
// it names and the customer's agreements no invoice names (client-wide terms: a discount off
// standard, a rate card), and by promotions open to all. An invoice that names no contract keeps
// every agreement of its customer as an alternative, as does an agreement no invoice names (the
// history cannot tell it from a client-wide one).
import type { Contract, Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { isPromotion } from "../../reference-index.ts";

/** The contracts and promotions that could govern the invoice's SKU (any validity window), without other scopes' agreements. */
export function contractsInScope(ctx: AnalysisContext, txn: Transaction, sku: string): Contract[] {
  const all = ctx.reference.contractsFor(txn.customer_id, sku, txn.contract_id);
  const named = ctx.history.namedContracts;
  const scope = txn.contract_id;
  if (!scope || named.size === 0 || !all.some((c) => otherScope(c, scope, named))) return all;
  return all.filter((c) => !otherScope(c, scope, named));
}

/** Whether the row is another scope's agreement for this invoice (as contractsInScope leaves out). */
export function outsideScope(ctx: AnalysisContext, txn: Transaction, c: Contract): boolean {
  const scope = txn.contract_id;
  return scope !== undefined && scope !== "" && otherScope(c, scope, ctx.history.namedContracts);
}

function otherScope(c: Contract, scope: string, named: ReadonlySet<string>): boolean {
  return c.contract_id !== scope && !isPromotion(c) && named.has(c.contract_id);
}
