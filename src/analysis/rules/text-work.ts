// Charges the characters a rule's string calls read to the rule's work budget (match-budget.ts).
// The step bound (cost.ts) counts comprehension steps, not what one step reads: an attribute's
// value has no limit but the body's (1 MiB), and a natural rule — a note naming one of the
// invoice's SKUs, `txn.lines.exists(l, string(txn.attributes.note).contains(l.sku))` — is 10,000
// steps on 10,000 lines, each reading a 590 KB note: 1.6-1.9 s of the event loop on the built
// binary (seventeenth attack pass). CEL's library functions cannot be replaced in cel-js's
// registry, so, as matches.ts does for matches(), each call of these functions in a parsed
// expression is renamed to a charged twin of the same signature and meaning before it is checked.
import { chargeMatchWork } from "./match-budget.ts";

/** A charged call's name: this prefix and the name as written. */
export const CHARGED_PREFIX = "__charged_";

/** The string calls that read their whole receiver (and argument), by their number of arguments. */
const CHARGED: Record<string, { arity: number; signature: string; run: (s: string, arg: string) => unknown }> = {
  contains: { arity: 1, signature: "(string): bool", run: (s, a) => s.includes(a) },
  startsWith: { arity: 1, signature: "(string): bool", run: (s, a) => s.startsWith(a) },
  endsWith: { arity: 1, signature: "(string): bool", run: (s, a) => s.endsWith(a) },
  indexOf: { arity: 1, signature: "(string): int", run: (s, a) => BigInt(s.indexOf(a)) },
  lastIndexOf: { arity: 1, signature: "(string): int", run: (s, a) => BigInt(s.lastIndexOf(a)) },
  split: { arity: 1, signature: "(string): list<string>", run: (s, a) => s.split(a) },
  lowerAscii: { arity: 0, signature: "(): string", run: (s) => s.toLowerCase() },
  upperAscii: { arity: 0, signature: "(): string", run: (s) => s.toUpperCase() },
  trim: { arity: 0, signature: "(): string", run: (s) => s.trim() },
};

/** Whether an expression's source may call one of them (else it is run as parsed). */
export const MAY_CALL_CHARGED = new RegExp(`\\b(${Object.keys(CHARGED).join("|")})\\b`);

/** Registers the charged twins (`string.__charged_contains(string): bool`…) in a CEL environment. */
export function registerChargedTextCalls(env: { registerFunction(signature: string, fn: (...args: never[]) => unknown): unknown }): void {
  for (const [name, { signature, run }] of Object.entries(CHARGED)) {
    env.registerFunction(`string.${CHARGED_PREFIX}${name}${signature}`, ((s: string, arg?: string) => {
      // One unit a character read, as matches() is charged for a pattern JavaScript runs.
      chargeMatchWork(s.length + (arg?.length ?? 0));
      return run(s, arg ?? "");
    }) as (...args: never[]) => unknown);
  }
}

interface AstNode {
  op: string;
  args: unknown;
  left?: unknown;
  right?: unknown;
}

const isNode = (v: unknown): v is AstNode => typeof v === "object" && v !== null && typeof (v as AstNode).op === "string";

/** Renames every call of a charged function in `ast` (`receiver.name(args)`: ["name", receiver, [args]]) to its twin. */
export function useChargedTextCalls(ast: unknown, seen = new Set<unknown>()): void {
  if (Array.isArray(ast)) {
    for (const item of ast) useChargedTextCalls(item, seen);
    return;
  }
  if (!isNode(ast) || seen.has(ast)) return;
  seen.add(ast);
  if (ast.op === "rcall" && Array.isArray(ast.args)) {
    const name = String(ast.args[0]);
    const charged = Object.hasOwn(CHARGED, name) ? CHARGED[name] : undefined;
    const fnArgs = ast.args[2];
    if (charged && Array.isArray(fnArgs) && fnArgs.length === charged.arity) ast.args[0] = `${CHARGED_PREFIX}${name}`;
  }
  useChargedTextCalls(ast.args, seen);
  useChargedTextCalls(ast.left, seen);
  useChargedTextCalls(ast.right, seen);
}
