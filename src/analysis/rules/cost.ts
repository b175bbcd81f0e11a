// How many steps a rule's comprehensions (all, exists, exists_one, map, filter) may take on one
// transaction, known before it runs. Their ranges are lists a client sends (txn.lines: up to
// 10,000 lines; txn.attributes) or the data builds from it (ref.contracts, findings), so a
// natural rule nesting two of them — a SKU billed at two prices, `txn.lines.exists(a,
// txn.lines.exists(b, …))` — is quadratic in the request: 10,000 lines held the event loop ~20 s.
// The bound is read from the parsed expression (each comprehension's range times what its body
// costs) and the sizes of this transaction's lists; apply.ts does not evaluate a rule over
// MAX_RULE_STEPS (its failure is counted and logged like any other).
import type { RuleTxn, RuleVariables } from "./environment.ts";
import { CHARGED_PREFIX } from "./text-work.ts";

/** ~0.2 µs each in cel-js: about 0.2 s of one core at most per rule and transaction. */
export const MAX_RULE_STEPS = 1_000_000;

/** A rule's bound for one transaction's variables. */
export type StepBound = (vars: RuleVariables) => number;

const COMPREHENSIONS = new Set(["all", "exists", "exists_one", "map", "filter"]);

interface Node {
  op: string;
  args: unknown;
}

const isNode = (x: unknown): x is Node => typeof x === "object" && x !== null && typeof (x as Node).op === "string";

/** The nodes directly below `node`, whatever shape its args have (a node, a list, a list of pairs). */
function children(node: Node): Node[] {
  const out: Node[] = [];
  const visit = (x: unknown) => {
    if (isNode(x)) out.push(x);
    else if (Array.isArray(x)) x.forEach(visit);
  };
  visit(node.args);
  return out;
}

/** A canonical field's longest text (text fields are at most 256 characters on the API). */
const FIELD_TEXT = 256;

const longestTexts = new WeakMap<RuleTxn, number>();

/**
 * The longest text a rule can read of this transaction: an attribute's name or value (of the
 * transaction or a line) has no limit but the body's, a field at most FIELD_TEXT. A list split
 * from a text has at most its length + 1 elements. Counted once per transaction, and only for a
 * rule whose bound asks.
 */
export function longestText(txn: RuleTxn): number {
  let longest = longestTexts.get(txn);
  if (longest !== undefined) return longest;
  longest = FIELD_TEXT;
  const visit = (attributes: ReadonlyMap<string, unknown>) => {
    for (const [name, value] of attributes) {
      if (name.length > longest!) longest = name.length;
      if (typeof value === "string" && value.length > longest!) longest = value.length;
    }
  };
  visit(txn.attributes);
  for (const line of txn.lines) if (line.attributes.size > 0) visit(line.attributes);
  longestTexts.set(txn, longest);
  return longest;
}

/** The sizes of every list and map a rule can range over, for a range the bound cannot name. */
function largestRange(v: RuleVariables): number {
  return Math.max(v.txn.lines.length, v.txn.attributes.size, v.txn.mostLineAttributes, v.ref.contracts.length, v.ref.list_prices.size, v.ref.shipped.size, v.findings.length);
}

/** The same, where a text's split may be the range (`c ? s.split(",") : []`). */
function largestRangeOrSplit(v: RuleVariables): number {
  return Math.max(largestRange(v), longestText(v.txn) + 1);
}

/** Whether a split() call is anywhere in `node`. */
function hasSplit(node: Node): boolean {
  if (node.op === "rcall" && Array.isArray(node.args) && textCallName(node.args[0]) === "split") return true;
  return children(node).some(hasSplit);
}

/** Calls whose text is no longer than their receiver's. */
const SAME_LENGTH = new Set(["lowerAscii", "upperAscii", "trim", "substring"]);

/** An upper bound of the length of the text `node` evaluates to (a split's receiver). */
function textLength(node: Node): StepBound {
  if (node.op === "value" && typeof node.args === "string") {
    const n = node.args.length;
    return () => n;
  }
  // Concatenated texts: their lengths add up.
  if (node.op === "+" && Array.isArray(node.args)) return sumOfLengths(children(node).map(textLength));
  if (node.op === "rcall" && Array.isArray(node.args) && isNode(node.args[1])) {
    const name = textCallName(node.args[0]);
    if (SAME_LENGTH.has(name)) return textLength(node.args[1]);
    // A joined list: each element at most the longest text, and a separator between.
    if (name === "join") {
      const elements = rangeSize(node.args[1]);
      return (v) => elements(v) * (longestText(v.txn) + 1 + FIELD_TEXT);
    }
  }
  return (v) => longestText(v.txn);
}

function sumOfLengths(parts: readonly StepBound[]): StepBound {
  return (v) => {
    let n = 0;
    for (const p of parts) n += p(v);
    return n;
  };
}

/** A call's name as written: text-work.ts renames the string calls it charges. */
function textCallName(name: unknown): string {
  const s = String(name);
  return s.startsWith(CHARGED_PREFIX) ? s.slice(CHARGED_PREFIX.length) : s;
}

/** `txn.lines`, `ref.contracts`, `findings`…: the size of a range named by a variable's path; else undefined. */
function namedRange(node: Node): StepBound | undefined {
  if (node.op === "id" && node.args === "findings") return (v) => v.findings.length;
  if (node.op !== "." || !Array.isArray(node.args)) return undefined;
  const [of, field] = node.args as [unknown, unknown];
  if (!isNode(of) || of.op !== "id") return undefined;
  const path = `${String(of.args)}.${String(field)}`;
  switch (path) {
    case "txn.lines":
      return (v) => v.txn.lines.length;
    case "txn.attributes":
      return (v) => v.txn.attributes.size;
    case "ref.contracts":
      return (v) => v.ref.contracts.length;
    case "ref.list_prices":
      return (v) => v.ref.list_prices.size;
    case "ref.shipped":
      return (v) => v.ref.shipped.size;
    default:
      return undefined;
  }
}

/** An upper bound of the number of elements `node` evaluates to when it is a comprehension's range. */
function rangeSize(node: Node): StepBound {
  const named = namedRange(node);
  if (named) return named;
  if (node.op === "list" && Array.isArray(node.args)) {
    const n = node.args.length;
    return () => n;
  }
  // A map() or filter() yields at most what it ranges over.
  if (node.op === "rcall" && Array.isArray(node.args) && (node.args[0] === "map" || node.args[0] === "filter") && isNode(node.args[1])) return rangeSize(node.args[1]);
  // A text split: at most one element more than the text has characters.
  if (node.op === "rcall" && Array.isArray(node.args) && textCallName(node.args[0]) === "split" && isNode(node.args[1])) {
    const text = textLength(node.args[1]);
    return (v) => text(v) + 1;
  }
  // Lists concatenated: their sizes add up.
  if (node.op === "+" && Array.isArray(node.args)) return sumOfLengths(children(node).map(rangeSize));
  return hasSplit(node) ? largestRangeOrSplit : largestRange;
}

/** No comprehension below: nothing to count (most rules; the bound then costs nothing per transaction). */
export const NO_STEPS: StepBound = () => 0;

/** Steps of `node`: every comprehension's range size times (one + its body's steps), summed. */
export function stepBound(node: unknown): StepBound {
  if (!isNode(node)) return NO_STEPS;
  if (node.op === "rcall" && Array.isArray(node.args) && COMPREHENSIONS.has(node.args[0] as string) && isNode(node.args[1])) {
    const range = node.args[1];
    const size = rangeSize(range);
    const ofRange = stepBound(range);
    const bodies = ((node.args[2] as unknown[]) ?? []).slice(1).map(stepBound).filter((b) => b !== NO_STEPS);
    return (v) => {
      let body = 1;
      for (const b of bodies) body += b(v);
      return ofRange(v) + size(v) * body;
    };
  }
  // A list concatenated copies both lists: `txn.lines.map(l, txn.lines + txn.lines)` made 20,000
  // elements a line — 2.1 GB and 2 s on 10,000 lines, though only 10,000 steps. Charged as the
  // elements it makes, wherever it runs (a body's steps are multiplied by its range).
  if (node.op === "+" && isList(node)) return sumOfSteps([rangeSize(node), ...children(node).map(stepBound)]);
  return sumOfSteps(children(node).map(stepBound));
}

/** Whether `node` is surely a list (a literal, a named list, a map(), filter() or split(), lists concatenated). */
function isList(node: Node): boolean {
  if (node.op === "list") return true;
  if (namedRange(node) && !(node.op === "." && Array.isArray(node.args) && ["attributes", "list_prices", "shipped"].includes(String(node.args[1])))) return true;
  if (node.op === "rcall" && Array.isArray(node.args) && ["map", "filter", "split"].includes(textCallName(node.args[0]))) return true;
  return node.op === "+" && children(node).some(isList);
}

/** The steps of several parts together (of a node's children, of a rule's expressions). */
export function sumOfSteps(all: readonly StepBound[]): StepBound {
  const parts = all.filter((b) => b !== NO_STEPS);
  if (parts.length === 0) return NO_STEPS;
  if (parts.length === 1) return parts[0]!;
  return (v) => {
    let steps = 0;
    for (const p of parts) steps += p(v);
    return steps;
  };
}
