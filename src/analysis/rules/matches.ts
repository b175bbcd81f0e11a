// Routes a rule's `s.matches(pattern)` calls to the RE2 matcher (re2.ts). The CEL library's own
// `matches` is JavaScript's backtracking RegExp and its registry cannot replace a built-in
// overload, so each call node of a parsed expression is renamed to RE2_MATCHES, registered in the
// rule environment with the same signature (environment.ts), before the expression is
// type-checked; type errors are reported from a first check of the expression as written, so
// they still say `matches`. A pattern written as a literal is compiled here, so one that is not
// RE2 (a backreference, a lookahead) is refused with the config rather than failing every run.
import { compileRe2, Re2SyntaxError } from "./re2.ts";

/** The name `matches` calls are given; registered as `string.<name>(string): bool`. */
export const RE2_MATCHES = "__re2_matches";

/** A node of cel-js's AST (8.x): `op`, `args`, the offset `pos`; call nodes hold their name in args[0]. */
interface AstNode {
  op: string;
  args: unknown;
  pos: number;
  left?: unknown;
  right?: unknown;
}

function isNode(v: unknown): v is AstNode {
  return typeof v === "object" && v !== null && typeof (v as AstNode).op === "string";
}

function walk(node: unknown, visit: (n: AstNode) => void, seen = new Set<unknown>()): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit, seen);
    return;
  }
  if (!isNode(node) || seen.has(node)) return;
  seen.add(node);
  visit(node);
  walk(node.args, visit, seen);
  walk(node.left, visit, seen);
  walk(node.right, visit, seen);
}

/** `receiver.matches(pattern)`: [name, receiver, [pattern]]. */
function matchesCall(n: AstNode): AstNode | null {
  if (n.op !== "rcall" || !Array.isArray(n.args) || n.args[0] !== "matches") return null;
  const fnArgs = n.args[2];
  return Array.isArray(fnArgs) && fnArgs.length === 1 && isNode(fnArgs[0]) ? fnArgs[0] : null;
}

/**
 * Renames every `matches` call of `ast` to the RE2 matcher and compiles the literal patterns;
 * returns a problem for each pattern that is not RE2 (the column of the pattern in the expression
 * and the position in the pattern).
 */
export function useRe2Matches(ast: unknown): string[] {
  const problems: string[] = [];
  walk(ast, (n) => {
    const pattern = matchesCall(n);
    if (!pattern) return;
    (n.args as unknown[])[0] = RE2_MATCHES;
    if (pattern.op !== "value" || typeof pattern.args !== "string") return; // read from the data: checked when run
    try {
      compileRe2(pattern.args);
    } catch (e) {
      if (!(e instanceof Re2SyntaxError)) throw e;
      problems.push(`matches() pattern ${JSON.stringify(pattern.args)} is not RE2 syntax: ${e.message} (column ${pattern.pos + 1})`);
    }
  });
  return problems;
}
