// The CEL environment rules are compiled against: what a rule can see, with its types, so that
// a misspelt field or a comparison of a number with a string is refused when the config is
// loaded rather than when a transaction happens to reach it. Values are plain class instances
// built once per transaction (context.ts); numbers are doubles, counts ints.
import type { Environment } from "@marcbachmann/cel-js";
import { RE2_MATCHES } from "./matches.ts";
import { registerChargedTextCalls } from "./text-work.ts";
import { re2Matches } from "./re2.ts";

// Required on first use, not imported: the CEL runtime registers its standard library when it
// loads (~10 ms), which every start-up paid even with no rules configured.
const cel = () => require("@marcbachmann/cel-js") as typeof import("@marcbachmann/cel-js");

/** One invoice line, with absent numbers as 0 and absent strings as "" (protobuf semantics). */
export class RuleLine {
  constructor(
    readonly sku: string,
    readonly unit: string,
    readonly quantity: number,
    readonly unit_price: number,
    readonly list_price: number,
    readonly discount_pct: number,
    readonly amount: number,
    /** The code a sku of a code and its modifiers is priced by (73721 of 73721-26). */
    readonly base_sku: string,
    /** A remittance line's adjustment reason codes (`CO-45 PR-1`, `CO-97`). */
    readonly adjustment_reason: string,
    /** The line's own text ("Partial month 03/10-03/14"). */
    readonly description: string,
    /** The agreement or promotion the line itself names. */
    readonly contract_id: string,
    /** The day the line's own charge was incurred (a hotel night's business date). */
    readonly date: string,
    /** The day the line's own work was done (a late CDR's session start). */
    readonly work_date: string,
    /** The line's own source columns (`mapping.line_attributes`): a POS check, a cost centre. */
    readonly attributes: Map<string, unknown>,
  ) {}
}

export class RuleTxn {
  constructor(
    readonly transaction_id: string,
    readonly type: string,
    readonly date: string,
    readonly customer_id: string,
    readonly currency: string,
    readonly amount: number,
    readonly tax_amount: number,
    readonly tax_rate: number,
    readonly contract_id: string,
    readonly reference: string,
    readonly created_by: string,
    readonly approved_by: string,
    readonly lines: RuleLine[],
    readonly attributes: Map<string, unknown>,
    /** The most attributes any line has: the range a comprehension over a line's bounds (cost.ts). Not a CEL field. */
    readonly mostLineAttributes: number,
  ) {}
}

export class RuleContract {
  constructor(
    readonly contract_id: string,
    readonly customer_id: string,
    readonly sku: string,
    readonly price: number,
    readonly currency: string,
    readonly valid_from: string,
    readonly valid_to: string,
    readonly max_discount_pct: number,
    /** A volume tier's least quantity (0: any quantity). */
    readonly min_quantity: number,
    /** The unit of measure the price is for ("": any). */
    readonly unit: string,
    /** Valid on the transaction's date. */
    readonly in_force: boolean,
  ) {}
}

/** The connector's reference data for this transaction's customer and SKUs. */
export class RuleRef {
  constructor(
    readonly contracts: RuleContract[],
    /** SKU → list price in the transaction's currency. */
    readonly list_prices: Map<string, number>,
    /** SKU → quantity shipped against this transaction. */
    readonly shipped: Map<string, number>,
  ) {}
}

/** Aggregates of the connector's history (built only when a rule reads them). */
export class RuleHistory {
  constructor(
    /** Transactions in the history. */
    readonly size: bigint,
    /** Transactions of this customer in the history. */
    readonly customer_count: bigint,
    /** Median amount of this customer's transactions (0 without history). */
    readonly customer_median_amount: number,
    /** 95th percentile of all amounts in the history. */
    readonly amount_p95: number,
  ) {}
}

export class RuleFinding {
  constructor(
    readonly code: string,
    readonly score: number,
    readonly amount_at_risk: number,
  ) {}
}

/** The variables a rule sees. */
export interface RuleVariables {
  txn: RuleTxn;
  ref: RuleRef;
  history: RuleHistory;
  findings: RuleFinding[];
  /** The score of the findings so far (0–100), before this rule. */
  risk_score: number;
}

const LINE_FIELDS = {
  sku: "string", unit: "string", quantity: "double", unit_price: "double", list_price: "double", discount_pct: "double", amount: "double",
  base_sku: "string", adjustment_reason: "string", description: "string", contract_id: "string", date: "string", work_date: "string",
  attributes: "map<string, dyn>",
};
const TXN_FIELDS = {
  transaction_id: "string",
  type: "string",
  date: "string",
  customer_id: "string",
  currency: "string",
  amount: "double",
  tax_amount: "double",
  tax_rate: "double",
  contract_id: "string",
  reference: "string",
  created_by: "string",
  approved_by: "string",
  lines: "list<Line>",
  attributes: "map<string, dyn>",
};
const CONTRACT_FIELDS = {
  contract_id: "string",
  customer_id: "string",
  sku: "string",
  price: "double",
  currency: "string",
  valid_from: "string",
  valid_to: "string",
  max_discount_pct: "double",
  min_quantity: "double",
  unit: "string",
  in_force: "bool",
};

/** Transaction fields a message placeholder may name without the `txn.` prefix. */
export const TXN_FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(TXN_FIELDS).filter((f) => f !== "lines" && f !== "attributes"));

let shared: Environment | undefined;

/** One environment for every rule (it is immutable once built). */
export function ruleEnvironment(): Environment {
  shared ??= buildEnvironment();
  return shared;
}

function buildEnvironment(): Environment {
  const env = new (cel().Environment)({ homogeneousAggregateLiterals: false })
    .registerType("Line", { ctor: RuleLine, fields: LINE_FIELDS })
    .registerType("Txn", { ctor: RuleTxn, fields: TXN_FIELDS })
    .registerType("Contract", { ctor: RuleContract, fields: CONTRACT_FIELDS })
    .registerType("Ref", { ctor: RuleRef, fields: { contracts: "list<Contract>", list_prices: "map<string, double>", shipped: "map<string, double>" } })
    .registerType("History", { ctor: RuleHistory, fields: { size: "int", customer_count: "int", customer_median_amount: "double", amount_p95: "double" } })
    .registerType("Finding", { ctor: RuleFinding, fields: { code: "string", score: "double", amount_at_risk: "double" } })
    .registerVariable("txn", "Txn")
    .registerVariable("ref", "Ref")
    .registerVariable("history", "History")
    .registerVariable("findings", "list<Finding>")
    .registerVariable("risk_score", "double");
  // `matches()` as the CEL spec defines it (RE2, linear time): matches.ts renames the calls.
  env.registerFunction(`string.${RE2_MATCHES}(string): bool`, re2Matches);
  // contains(), split(), lowerAscii()… charged by the characters they read (text-work.ts).
  registerChargedTextCalls(env);
  // `sum()` of a list of numbers (as Kubernetes' CEL list library has it): a threshold on part of
  // a document's lines — a distributor's minimum order counts the goods, not the deposits and fees
  // beside them — needs their total, which the comprehensions alone cannot give.
  env.registerFunction("list<double>.sum(): double", (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0));
  env.registerFunction("list<int>.sum(): int", (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n));
  // Money is double and literals like 2 are int: strict CEL refuses `txn.amount * 2`. Mixed
  // arithmetic is what people write, so it is allowed (the int is widened to a double).
  for (const op of ["+", "-", "*", "/"] as const) {
    const f = mixed(op);
    env.registerOperator(`double ${op} int`, (a: number, b: bigint) => f(a, Number(b)));
    env.registerOperator(`int ${op} double`, (a: bigint, b: number) => f(Number(a), b));
  }
  return env;
}

function mixed(op: "+" | "-" | "*" | "/"): (a: number, b: number) => number {
  if (op === "+") return (a, b) => a + b;
  if (op === "-") return (a, b) => a - b;
  if (op === "*") return (a, b) => a * b;
  return (a, b) => a / b;
}
