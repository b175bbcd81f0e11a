// The RE2 matcher behind CEL's `matches()` in rules: the same answers as a regular expression
// engine on the syntax RE2 shares with JavaScript, RE2's own meanings where they differ, linear
// time on the patterns that make a backtracking engine run for seconds, and RE2's refusals with
// the position in the pattern.
import { describe, expect, test } from "bun:test";
import { SeededRandom } from "../../src/analysis/random.ts";
import { compileRe2, re2Matches, Re2SyntaxError } from "../../src/analysis/rules/re2.ts";

/** [pattern, input]: JavaScript's RegExp (flag u) gives RE2's answer for all of these. */
const SHARED: [string, string[]][] = [
  ["abc", ["abc", "xabcx", "ab", "", "ABC"]],
  ["^PO-[0-9]{4,6}$", ["PO-1234", "PO-123", "PO-1234567", "xPO-1234", "PO-12345"]],
  ["^(a|aa)+$", ["a", "aaaa", "aab", ""]],
  ["a.c", ["abc", "a\nc", "ac", "a😀c"]],
  ["colou?r", ["color", "colour", "colouur"]],
  ["^\\d+(\\.\\d{2})?$", ["12", "12.50", "12.5", "x12"]],
  ["\\bcat\\b", ["cat", "a cat!", "concat", "cats", "_cat"]],
  ["\\Bcat", ["concat", "cat"]],
  ["[^a-z]", ["abc", "abC", ""]],
  ["[\\w.-]+@[\\w-]+\\.[a-z]{2,}", ["x.y@z-q.com", "x@y", "@y.com"]],
  ["(?:ab)*c", ["c", "ababc", "abac"]],
  ["a{2}b{1,}c{0,2}$", ["aab", "aabbbcc", "ab", "aabccc"]],
  ["x*?y", ["xxy", "y", "x"]],
  ["(a*)*b", ["aaab", "aaa", "b"]],
  ["(a|b|)+c", ["c", "abbac", "abba"]],
  ["\\s+\\S", [" \tx", "   ", "x"]],
  ["[a-]", ["-", "a", "b"]],
  ["\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\", [".*+?()[]{}|^$\\", "x"]],
  ["^$", ["", "a"]],
  ["^", ["", "abc"]],
  ["\\p{Lu}\\p{Ll}+", ["Zürich", "zürich"]],
  // Unanchored, starting with one literal: the search skips to its occurrences.
  ["-0+9$", ["CUST-0129", "CUST-0009", "-9", "-009x", "a-b-09", "--0-09"]],
  ["é+t", ["caféét", "et", "éé"]],
  ["😀+x", ["a😀😀x", "😀", "x😀x"]],
  ["\\bab", ["ab", "cab", "c ab", "😀ab"]],
];

describe("RE2 matcher", () => {
  for (const [pattern, inputs] of SHARED) {
    test(`agrees with a regular expression engine on /${pattern}/`, () => {
      const program = compileRe2(pattern);
      const js = new RegExp(pattern, "u");
      for (const input of inputs) {
        expect([input, program.test(input)]).toEqual([input, js.test(input)]);
        expect([input, program.simulate(input)]).toEqual([input, js.test(input)]);
      }
    });
  }

  test("flags: (?i) whole pattern and in a group, (?s) dot matches newline, (?m) line anchors", () => {
    expect(re2Matches("HELLO world", "(?i)hello")).toBe(true);
    expect(re2Matches("HELLO", "(?i:h)ELLO")).toBe(true);
    expect(re2Matches("HeLLO", "(?i:h)ELLO")).toBe(false);
    expect(re2Matches("xA", "(?i)x[^a]")).toBe(false);
    expect(re2Matches("xB", "(?i)x[^a]")).toBe(true);
    expect(re2Matches("ABC", "(?i)[a-c]+$")).toBe(true);
    expect(re2Matches("a\nb", "a.b")).toBe(false);
    expect(re2Matches("a\nb", "(?s)a.b")).toBe(true);
    expect(re2Matches("one\ntwo", "^two$")).toBe(false);
    expect(re2Matches("one\ntwo", "(?m)^two$")).toBe(true);
    expect(re2Matches("ab", "a(?i)B")).toBe(true);
    expect(re2Matches("(ab)", "(?P<x>ab)")).toBe(true);
    expect(re2Matches("ab", "(?<x>a)b")).toBe(true);
  });

  test("RE2's meanings: $ is the end of text only, \\s excludes \\v, \\Q…\\E is literal, \\A \\z, POSIX classes", () => {
    expect(re2Matches("abc\n", "abc$")).toBe(false);
    expect(re2Matches("\v", "\\s")).toBe(false);
    expect(re2Matches("a.b*c", "\\Qa.b*c\\E")).toBe(true);
    expect(re2Matches("axbc", "\\Qa.b\\E")).toBe(false);
    expect(re2Matches("ab", "\\Aab\\z")).toBe(true);
    expect(re2Matches("x9", "[[:alpha:]][[:digit:]]")).toBe(true);
    expect(re2Matches("99", "[[:alpha:]]")).toBe(false);
    expect(re2Matches("]", "[]a]")).toBe(true);
    expect(re2Matches("b", "[]a]")).toBe(false);
    expect(re2Matches("AB", "\\x41\\x{42}")).toBe(true);
    expect(re2Matches("a{,2}", "^a{,2}$")).toBe(true);
    expect(re2Matches("aa", "^a{,2}$")).toBe(false);
  });

  test("the patterns that make a backtracking engine explode run in linear time", () => {
    const crafted = "a".repeat(30) + "!";
    const long = "a".repeat(100_000) + "!";
    for (const pattern of ["^(a|aa)+$", "^(a+)+$", "(a*)*b", "^(\\w+\\s?)*$", "(x+x+)+y", "^(a|a?)+$", "^(.*a){20}$"]) {
      const program = compileRe2(pattern);
      const started = performance.now();
      expect(program.test(crafted)).toBe(false);
      const small = performance.now() - started;
      expect(small).toBeLessThan(50);
      const bigStart = performance.now();
      program.test(long);
      // 100,000 characters: linear in the input, well under a second even on a shared machine.
      expect(performance.now() - bigStart).toBeLessThan(3000);
    }
  });

  test("only patterns that cannot backtrack badly take the JavaScript fast path", () => {
    for (const safe of ["^PO-[0-9]{4,6}$", "refund|credit", "(?i)manual", "^\\d+(\\.\\d{2})?$".replace("(\\.\\d{2})?", "\\.?\\d{0,2}"), "\\bcat\\b", "^[A-Z]{3}-\\d+$"]) {
      expect([safe, compileRe2(safe).fastPath]).toEqual([safe, true]);
    }
    // A quantified group, two unbounded quantifiers, an unanchored unbounded one (quadratic in
    // JavaScript: every start position rescans), too many bounded spans, a Unicode property.
    for (const unsafe of ["^(a|aa)+$", "(ab)*", "^a*a*b", "\\d+x", ".*foo", "^a?a?a?a?a?a?a?a?a?a?a?$", "\\p{Lu}"]) {
      expect([unsafe, compileRe2(unsafe).fastPath]).toEqual([unsafe, false]);
    }
  });

  test("the fast path keeps RE2's meanings: $ at the end only, (?i) sets, negated classes", () => {
    const cases: [string, string, boolean][] = [
      ["^abc$", "abc\n", false],
      ["(?i)^x[^a]$", "XA", false],
      ["(?i)^x[^a]$", "Xb", true],
      ["(?i)Straße", "STRASSE", false],
      ["(?m)^b$", "a\nb\nc", true],
      ["[^\\n]", "\n", false],
    ];
    for (const [pattern, input, expected] of cases) {
      const program = compileRe2(pattern);
      expect([pattern, input, program.test(input), program.simulate(input)]).toEqual([pattern, input, expected, expected]);
    }
  });

  test("RE2's refusals carry the position in the pattern", () => {
    const refused = (pattern: string): { reason: string; index: number } => {
      try {
        compileRe2(pattern);
      } catch (e) {
        expect(e).toBeInstanceOf(Re2SyntaxError);
        return { reason: (e as Re2SyntaxError).reason, index: (e as Re2SyntaxError).index };
      }
      throw new Error(`accepted ${pattern}`);
    };
    expect(refused("(a)\\1")).toEqual({ reason: "backreferences (\\1) are not supported by RE2", index: 3 });
    expect(refused("foo(?=bar)")).toMatchObject({ index: 3, reason: expect.stringContaining("lookahead") });
    expect(refused("foo(?!bar)")).toMatchObject({ index: 3 });
    expect(refused("(?<=a)b")).toMatchObject({ index: 0, reason: expect.stringContaining("lookbehind") });
    expect(refused("(?<!a)b")).toMatchObject({ index: 0 });
    expect(refused("(?<n>a)\\k<n>")).toMatchObject({ index: 7, reason: expect.stringContaining("backreference") });
    expect(refused("a*+")).toMatchObject({ index: 2, reason: expect.stringContaining("repetition") });
    expect(refused("a{1001}")).toMatchObject({ index: 1 });
    expect(refused("*a")).toMatchObject({ index: 0 });
    expect(refused("(ab")).toMatchObject({ index: 0, reason: "missing closing ')'" });
    expect(refused("ab)")).toMatchObject({ index: 2 });
    expect(refused("[ab")).toMatchObject({ index: 0, reason: "missing closing ']'" });
    expect(refused("[z-a]")).toMatchObject({ index: 2 });
    expect(refused("\\e")).toMatchObject({ index: 0, reason: "invalid escape sequence \\e" });
    expect(refused("\\p{Nope}")).toMatchObject({ index: 0 });
    expect(refused("((a{1000}){1000}){1000}")).toMatchObject({ reason: expect.stringContaining("too large") });
  });
});

describe("RE2 matcher against JavaScript's engine on random patterns", () => {
  // Hand-picked cases rarely reach an NFA's corner cases (empty loops, nested quantifiers,
  // alternation inside repetition, anchors inside groups): 2,000 random patterns over the syntax
  // both engines read alike, each tried on 40 random inputs, on both of the matcher's paths.
  // Inputs stay under 9 characters: on some random patterns JavaScript's backtracking engine
  // takes seconds for a longer one (another seed met one at 8) — the very case RE2 exists for.
  const seeded = new SeededRandom(20261127);
  const random = () => seeded.next();
  const pick = <T>(items: T[]): T => seeded.pick(items);
  const atom = (depth: number): string => {
    const r = random();
    if (depth > 0 && r < 0.25) return `(${pattern(depth - 1)})`;
    if (depth > 0 && r < 0.32) return `(?:${pattern(depth - 1)})`;
    return pick(["a", "b", "c", ".", "[ab]", "[^a]", "\\d", "\\w", "[a-c]", "1"]);
  };
  const piece = (depth: number): string => atom(depth) + pick(["", "", "", "*", "+", "?", "{2}", "{1,2}", "{0,3}", "*?", "+?", "??", "{2,}"]);
  const branch = (depth: number): string => {
    let text = random() < 0.1 ? "^" : "";
    const n = 1 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) text += piece(depth);
    return text + (random() < 0.1 ? "$" : "");
  };
  const pattern = (depth: number): string => {
    const n = random() < 0.25 ? 2 : 1;
    return Array.from({ length: n }, () => branch(depth)).join("|");
  };
  const input = () => Array.from({ length: Math.floor(random() * 9) }, () => pick(["a", "b", "c", "1", "x"])).join("");

  test("the same answer on every pattern and input", () => {
    const disagreements: string[] = [];
    for (let p = 0; p < 2000 && disagreements.length < 5; p++) {
      const source = pattern(2);
      const program = compileRe2(source);
      const js = new RegExp(source, "u");
      for (let i = 0; i < 40; i++) {
        const text = input();
        const expected = js.test(text);
        if (program.test(text) !== expected || program.simulate(text) !== expected) disagreements.push(`/${source}/ on "${text}": expected ${expected}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
