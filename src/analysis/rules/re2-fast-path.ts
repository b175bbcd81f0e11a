// A parsed RE2 pattern as a JavaScript RegExp, only when backtracking provably stays cheap:
// JavaScript's engine is ~50× faster than the NFA simulation on the short patterns rules use
// (`^PO-\d{4,6}$`, `refund|credit`), but must never see a pattern it can blow up on. A pattern
// qualifies when
//   - every quantifier applies to one character (a set), never to a group: no (a|aa)+, (a+)+;
//   - at most one quantifier is unbounded (*, +, {n,}), and then the pattern starts with ^ (\A):
//     one start position, and the engine gives back at most one run of characters;
//     unanchored, `\d+x` retries every start and is quadratic, so it goes to the NFA;
//   - the bounded quantifiers' spans (max − min + 1) multiply to at most MAX_BACKTRACK, the
//     number of ways the engine can split a stretch of input among them;
//   - no set needs a per-character test (Unicode properties, huge case-folded sets).
// Alternation outside quantifiers adds the branches' costs, it does not multiply them. The
// expression is generated from the parsed tree, not copied, so RE2's meanings hold: `$` is the
// end of text (JavaScript's without the m flag), \b is ASCII (flag u without i), sets are
// explicit code point ranges, case folding is already in the sets (re2.ts widenFolds).
import type { Assertion, CharSet, Node } from "./re2.ts";

const MAX_BACKTRACK = 1000;

/** The RegExp for `tree`, or null when the NFA must run it. */
export function safeRegExp(tree: Node): RegExp | null {
  const budget = { unbounded: 0, product: 1 };
  if (!quantifiersSafe(tree, budget)) return null;
  if (budget.unbounded > 1 || budget.product > MAX_BACKTRACK) return null;
  if (budget.unbounded === 1 && !anchoredAtStart(tree)) return null;
  return new RegExp(emit(tree), "u");
}

function quantifiersSafe(node: Node, budget: { unbounded: number; product: number }): boolean {
  switch (node.t) {
    case "char":
      return node.set.tests.length === 0 && !node.fold;
    case "assert":
      return true;
    case "cat":
    case "alt":
      return node.items.every((item) => quantifiersSafe(item, budget));
    case "rep":
      if (node.sub.t !== "char" || !quantifiersSafe(node.sub, budget)) return false;
      if (node.max === -1) budget.unbounded++;
      else budget.product *= node.max - node.min + 1;
      return true;
  }
}

function anchoredAtStart(tree: Node): boolean {
  const first = tree.t === "cat" ? tree.items[0] : tree;
  return first?.t === "assert" && first.kind === "bot";
}

const ASSERTIONS: Record<Assertion, string> = {
  bot: "^",
  eot: "$",
  bol: "(?<![^\\n])",
  eol: "(?![^\\n])",
  word: "\\b",
  nonword: "\\B",
};

function codePoint(cp: number): string {
  return `\\u{${cp.toString(16)}}`;
}

function set(s: CharSet): string {
  const ranges = s.ranges.map(([lo, hi]) => (lo === hi ? codePoint(lo) : `${codePoint(lo)}-${codePoint(hi)}`)).join("");
  if (ranges === "") return s.negated ? "[\\s\\S]" : "[]";
  return `[${s.negated ? "^" : ""}${ranges}]`;
}

function emit(node: Node): string {
  switch (node.t) {
    case "char":
      return set(node.set);
    case "assert":
      return ASSERTIONS[node.kind];
    case "cat":
      return node.items.map((item) => `(?:${emit(item)})`).join("");
    case "alt":
      return node.items.map((item) => `(?:${emit(item)})`).join("|");
    case "rep": {
      const count = node.max === -1 ? `{${node.min},}` : `{${node.min},${node.max}}`;
      return `(?:${emit(node.sub)})${count}`;
    }
  }
}
