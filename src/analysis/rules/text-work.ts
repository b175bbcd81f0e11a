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

/**
 * Calls on other receivers too, each overload with its own twin. `join()` builds a text as long as
 * its list's texts together: `txn.lines.map(l, string(txn.attributes.big) + l.sku).join(",")`
 * made 1.5 GB of a 630 KB request (3,000 lines: the server's memory at 1.3 GB, the event loop held
 * 2 s). `size()` of a text counts its code points, reading it whole (a concatenation it flattens).
 */
const CHARGED_OVERLOADS: Record<string, { arities: number[]; overloads: { signature: string; run: (...args: never[]) => unknown }[] }> = {
  join: {
    arities: [0, 1],
    overloads: [
      { signature: "list<string>.#(): string", run: ((xs: unknown[]) => joined(xs, "")) as (...args: never[]) => unknown },
      { signature: "list<string>.#(string): string", run: ((xs: unknown[], sep: string) => joined(xs, sep)) as (...args: never[]) => unknown },
    ],
  },
  size: {
    arities: [0],
    overloads: [
      {
        signature: "string.#(): int",
        run: ((s: string) => {
          chargeMatchWork(s.length);
          let count = 0;
          for (const _ of s) count++;
          return BigInt(count);
        }) as (...args: never[]) => unknown,
      },
      { signature: "bytes.#(): int", run: ((b: Uint8Array) => BigInt(b.length)) as (...args: never[]) => unknown },
      { signature: "list.#(): int", run: ((xs: { length?: number; size?: number }) => BigInt(xs.length ?? xs.size ?? 0)) as (...args: never[]) => unknown },
      { signature: "map.#(): int", run: ((m: unknown) => BigInt(m instanceof Map ? m.size : Object.keys(m as object).length)) as (...args: never[]) => unknown },
    ],
  },
  // The forms with a position or a limit read as much as the one-argument forms (indexOf(s, 0)
  // once per line of 10,000 over a 590 KB note held the event loop 0.7 s, as split(s, 2) did);
  // substring() is charged by the text it makes, as a later call reads it. Their answers and
  // range errors are cel-js's own (string.indexOf(string, int) and the others in its functions.js).
  indexOf: { arities: [2], overloads: [{ signature: "string.#(string, int): int", run: fromIndex("indexOf") }] },
  lastIndexOf: { arities: [2], overloads: [{ signature: "string.#(string, int): int", run: fromIndex("lastIndexOf") }] },
  split: {
    arities: [2],
    overloads: [
      {
        signature: "string.#(string, int): list<string>",
        run: ((s: string, sep: string, limit: bigint) => {
          chargeMatchWork(s.length + sep.length);
          const l = Number(limit);
          if (l === 0) return [];
          const parts = s.split(sep);
          if (l < 0 || parts.length <= l) return parts;
          return [...parts.slice(0, l - 1), parts.slice(l - 1).join(sep)];
        }) as (...args: never[]) => unknown,
      },
    ],
  },
  substring: {
    arities: [1, 2],
    overloads: [
      { signature: "string.#(int): string", run: ((s: string, start: bigint) => substring(s, start, BigInt(s.length))) as (...args: never[]) => unknown },
      { signature: "string.#(int, int): string", run: ((s: string, start: bigint, end: bigint) => substring(s, start, end)) as (...args: never[]) => unknown },
    ],
  },
};

/** indexOf(search, fromIndex) and lastIndexOf(search, fromIndex), charged by the text they may read. */
function fromIndex(name: "indexOf" | "lastIndexOf"): (...args: never[]) => unknown {
  return ((s: string, search: string, from: bigint) => {
    chargeMatchWork(s.length + search.length);
    if (search === "") return from;
    const i = Number(from);
    if (i < 0 || i >= s.length) throw new Error(`string.${name}(search, fromIndex): fromIndex out of range`);
    return BigInt(name === "indexOf" ? s.indexOf(search, i) : s.lastIndexOf(search, i));
  }) as (...args: never[]) => unknown;
}

/** CEL's substring(start, end), charged by the length of the text it makes. */
function substring(s: string, startAt: bigint, endAt: bigint): string {
  const start = Number(startAt);
  if (start < 0 || start > s.length) throw new Error("string.substring(start, end): start index out of range");
  const end = Number(endAt);
  if (end < start || end > s.length) throw new Error("string.substring(start, end): end index out of range");
  chargeMatchWork(end - start);
  return s.substring(start, end);
}

/** CEL's join(), charged by the length of the text it makes before it makes it. */
function joined(xs: unknown[], sep: string): string {
  let length = sep.length * Math.max(0, xs.length - 1);
  for (const x of xs) {
    if (typeof x !== "string") throw new Error("string.join(): list must contain only strings");
    length += x.length;
  }
  chargeMatchWork(length);
  return xs.join(sep);
}

/** Whether an expression's source may call one of them (else it is run as parsed). */
export const MAY_CALL_CHARGED = new RegExp(`\\b(${[...Object.keys(CHARGED), ...Object.keys(CHARGED_OVERLOADS)].join("|")})\\b`);

/** Registers the charged twins (`string.__charged_contains(string): bool`…) in a CEL environment. */
export function registerChargedTextCalls(env: { registerFunction(signature: string, fn: (...args: never[]) => unknown): unknown }): void {
  for (const [name, { signature, run }] of Object.entries(CHARGED)) {
    env.registerFunction(`string.${CHARGED_PREFIX}${name}${signature}`, ((s: string, arg?: string) => {
      // One unit a character read, as matches() is charged for a pattern JavaScript runs.
      chargeMatchWork(s.length + (arg?.length ?? 0));
      return run(s, arg ?? "");
    }) as (...args: never[]) => unknown);
  }
  for (const [name, { overloads }] of Object.entries(CHARGED_OVERLOADS)) {
    for (const { signature, run } of overloads) env.registerFunction(signature.replace("#", `${CHARGED_PREFIX}${name}`), run);
  }
  // The global form, size(x), as the receiver form: `string.#(): int` → `#(string): int`.
  for (const { signature, run } of CHARGED_OVERLOADS.size!.overloads) {
    const [receiver] = signature.split(".#");
    env.registerFunction(`${CHARGED_PREFIX}size(${receiver}): int`, run);
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
    const fnArgs = ast.args[2];
    const arity = Array.isArray(fnArgs) ? fnArgs.length : -1;
    const charged = Object.hasOwn(CHARGED, name) && CHARGED[name]!.arity === arity;
    const overloaded = Object.hasOwn(CHARGED_OVERLOADS, name) && CHARGED_OVERLOADS[name]!.arities.includes(arity);
    if (charged || overloaded) ast.args[0] = `${CHARGED_PREFIX}${name}`;
  }
  // size(x): [name, [x]].
  if (ast.op === "call" && Array.isArray(ast.args) && ast.args[0] === "size" && Array.isArray(ast.args[1]) && ast.args[1].length === 1) ast.args[0] = `${CHARGED_PREFIX}size`;
  useChargedTextCalls(ast.args, seen);
  useChargedTextCalls(ast.left, seen);
  useChargedTextCalls(ast.right, seen);
}
