// CEL's `matches()` with RE2 syntax and semantics, in linear time. JavaScript's RegExp
// backtracks: `^(a|aa)+$` against 30 crafted characters runs for seconds and stalls the event
// loop, and an admin's rule runs on every request. Here a pattern is parsed as RE2 syntax,
// compiled to a Thompson NFA and simulated over the input with one set of states per character:
// time O(input × pattern), whatever the pattern. `matches()` only asks whether a match exists,
// so captures, greediness and leftmost-first priority do not change the answer and are not
// tracked. What RE2 refuses (backreferences, lookaround, possessive quantifiers) is refused here,
// with the position in the pattern, so a rule using them fails when the config is loaded.

import { assertMatchBudgetLeft, chargeMatchWork, COMPILE_WORK_PER_INSTRUCTION } from "./match-budget.ts";
import { safeRegExp } from "./re2-fast-path.ts";

/** A pattern outside RE2 syntax: `index` is the offset (0-based, in UTF-16 units) in the pattern. */
export class Re2SyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly index: number,
  ) {
    super(`${reason} at position ${index + 1} of the pattern`);
    this.name = "Re2SyntaxError";
  }
}

/** RE2's limit on a counted repetition (`a{1001}` is refused). */
const MAX_REPEAT = 1000;
/** Instructions a pattern may compile to once its counted repetitions are expanded. */
const MAX_INSTRUCTIONS = 20_000;

/** A set of code points: sorted, disjoint inclusive ranges, or a test (Unicode properties). */
export interface CharSet {
  ranges: readonly (readonly [number, number])[];
  tests: readonly ((cp: number) => boolean)[];
  negated: boolean;
}

export type Assertion = "bol" | "eol" | "bot" | "eot" | "word" | "nonword";

export type Node =
  | { t: "char"; set: CharSet; fold: boolean }
  | { t: "assert"; kind: Assertion }
  | { t: "cat"; items: Node[] }
  | { t: "alt"; items: Node[] }
  | { t: "rep"; sub: Node; min: number; max: number /* -1: unbounded */ };

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
}

const DIGIT: [number, number][] = [[0x30, 0x39]];
const WORD: [number, number][] = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
// RE2's \s is Perl's: [\t\n\f\r ] (no \v).
const SPACE: [number, number][] = [[0x09, 0x0a], [0x0c, 0x0d], [0x20, 0x20]];
const POSIX: Record<string, [number, number][]> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  ascii: [[0x00, 0x7f]],
  blank: [[0x09, 0x09], [0x20, 0x20]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  digit: DIGIT,
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[0x09, 0x0d], [0x20, 0x20]],
  upper: [[0x41, 0x5a]],
  word: WORD,
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
};

function complement(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

function normalise(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function setOf(ranges: [number, number][], negated = false): CharSet {
  return { ranges: normalise(ranges), tests: [], negated };
}

/** `\pL`, `\p{Greek}`: a one-character JS Unicode-property test (no quantifier, so no backtracking). */
function unicodeProperty(name: string, at: number): (cp: number) => boolean {
  let re: RegExp;
  try {
    re = new RegExp(`^\\p{${name === "Any" ? "Any" : name}}$`, "u");
  } catch {
    throw new Re2SyntaxError(`unknown Unicode class \\p{${name}}`, at);
  }
  return (cp) => re.test(String.fromCodePoint(cp));
}

class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation({ i: false, m: false, s: false });
    if (this.pos < this.src.length) throw new Re2SyntaxError("unmatched ')'", this.pos);
    return node;
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private alternation(flags: Flags): Node {
    const items = [this.concatenation(flags)];
    while (this.peek() === "|") {
      this.pos++;
      items.push(this.concatenation(flags));
    }
    return items.length === 1 ? items[0]! : { t: "alt", items };
  }

  /** Up to `|`, `)` or the end. `flags` may change midway (`a(?i)b`): the change lasts to the group's end. */
  private concatenation(flags: Flags): Node {
    const items: Node[] = [];
    while (this.pos < this.src.length && this.peek() !== "|" && this.peek() !== ")") {
      const start = this.pos;
      const atom = this.atom(flags);
      if (atom === null) continue; // a flag group like (?i): changes flags, matches nothing
      items.push(this.quantified(atom, start));
    }
    return items.length === 1 ? items[0]! : { t: "cat", items };
  }

  private quantified(atom: Node, atomStart: number): Node {
    let node = atom;
    let quantified = false;
    for (;;) {
      const c = this.peek();
      const at = this.pos;
      let min: number;
      let max: number;
      if (c === "*") [min, max] = [0, -1];
      else if (c === "+") [min, max] = [1, -1];
      else if (c === "?") [min, max] = [0, 1];
      else if (c === "{") {
        const counted = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
        if (!counted) return node; // not a repetition: `{` is a literal (RE2 and Perl agree)
        min = Number(counted[1]);
        max = counted[2] === undefined ? min : counted[3] === "" ? -1 : Number(counted[3]);
        if (min > MAX_REPEAT || max > MAX_REPEAT || (max !== -1 && max < min)) {
          throw new Re2SyntaxError(`bad repetition operator ${counted[0]} (counts up to ${MAX_REPEAT}, min ≤ max)`, at);
        }
        this.pos += counted[0].length - 1;
      } else return node;
      if (quantified) throw new Re2SyntaxError(`bad repetition operator: a quantifier after a quantifier (possessive or doubled quantifiers are not RE2)`, at);
      if (atom.t === "assert" || this.pos === atomStart) throw new Re2SyntaxError("missing argument to repetition operator", at);
      this.pos++;
      if (this.peek() === "?") this.pos++; // lazy: the same answer to "is there a match?"
      node = { t: "rep", sub: node, min, max };
      quantified = true;
    }
  }

  /** One atom, or null for a flag group `(?i)` (which changes `flags` in place). */
  private atom(flags: Flags): Node | null {
    const at = this.pos;
    const c = this.src[this.pos++]!;
    switch (c) {
      case "(":
        return this.group(flags, at);
      case "[":
        return this.charClass(flags, at);
      case ".":
        return { t: "char", set: flags.s ? setOf([[0, 0x10ffff]]) : setOf([[0x0a, 0x0a]], true), fold: false };
      case "^":
        return { t: "assert", kind: flags.m ? "bol" : "bot" };
      case "$":
        return { t: "assert", kind: flags.m ? "eol" : "eot" };
      case "*":
      case "+":
      case "?":
        throw new Re2SyntaxError(`missing argument to repetition operator: ${c}`, at);
      case "\\":
        return this.escape(flags, at);
      default: {
        const cp = this.src.codePointAt(at)!;
        if (cp > 0xffff) this.pos++;
        return literal(cp, flags);
      }
    }
  }

  private group(flags: Flags, at: number): Node | null {
    let inner = { ...flags };
    if (this.peek() === "?") {
      const rest = this.src.slice(this.pos + 1);
      if (rest.startsWith("=") || rest.startsWith("!") || rest.startsWith("<=") || rest.startsWith("<!")) {
        throw new Re2SyntaxError("lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported by RE2", at);
      }
      const named = /^(P?<)([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
      if (named) {
        this.pos += 1 + named[0].length;
      } else if (rest.startsWith("P=") || rest.startsWith("P>")) {
        throw new Re2SyntaxError("named backreferences are not supported by RE2", at);
      } else {
        const spec = /^([imsU]*)(?:-([imsU]*))?([:)])/.exec(rest);
        if (!spec || (spec[2] !== undefined && spec[2] === "")) {
          throw new Re2SyntaxError("invalid or unsupported group syntax (RE2 groups: (…), (?:…), (?P<name>…), (?<name>…), (?flags), (?flags:…) with flags i, m, s, U)", at);
        }
        this.pos += 1 + spec[0].length;
        const next = { ...flags };
        for (const f of spec[1]!) if (f !== "U") next[f as keyof Flags] = true;
        for (const f of spec[2] ?? "") if (f !== "U") next[f as keyof Flags] = false;
        if (spec[3] === ")") {
          Object.assign(flags, next); // (?i): to the end of the enclosing group
          return null;
        }
        inner = next;
      }
    }
    const node = this.alternation(inner);
    if (this.peek() !== ")") throw new Re2SyntaxError("missing closing ')'", at);
    this.pos++;
    return node;
  }

  /** After a backslash, outside a class. */
  private escape(flags: Flags, at: number): Node {
    const c = this.src[this.pos];
    if (c === undefined) throw new Re2SyntaxError("trailing backslash at end of pattern", at);
    switch (c) {
      case "b":
        this.pos++;
        return { t: "assert", kind: "word" };
      case "B":
        this.pos++;
        return { t: "assert", kind: "nonword" };
      case "A":
        this.pos++;
        return { t: "assert", kind: "bot" };
      case "z":
        this.pos++;
        return { t: "assert", kind: "eot" };
      case "Q": {
        this.pos++;
        const end = this.src.indexOf("\\E", this.pos);
        const text = this.src.slice(this.pos, end === -1 ? undefined : end);
        this.pos = end === -1 ? this.src.length : end + 2;
        return { t: "cat", items: [...text].map((ch) => literal(ch.codePointAt(0)!, flags)) };
      }
    }
    const set = this.classEscape(at);
    if (typeof set === "number") return literal(set, flags);
    return { t: "char", set, fold: false };
  }

  /** An escape that stands for one character (a code point) or a set; shared by atoms and classes. */
  private classEscape(at: number): number | CharSet {
    const c = this.src[this.pos++]!;
    switch (c) {
      case "d":
        return setOf(DIGIT);
      case "D":
        return setOf(DIGIT, true);
      case "w":
        return setOf(WORD);
      case "W":
        return setOf(WORD, true);
      case "s":
        return setOf(SPACE);
      case "S":
        return setOf(SPACE, true);
      case "p":
      case "P": {
        let name = this.src[this.pos];
        if (name === "{") {
          const end = this.src.indexOf("}", this.pos);
          if (end === -1) throw new Re2SyntaxError("missing '}' after \\p{", at);
          name = this.src.slice(this.pos + 1, end);
          this.pos = end + 1;
        } else if (name === undefined) {
          throw new Re2SyntaxError("missing Unicode class name after \\p", at);
        } else this.pos++;
        let negated = c === "P";
        if (name.startsWith("^")) [name, negated] = [name.slice(1), !negated];
        return { ranges: [], tests: [unicodeProperty(name, at)], negated };
      }
      case "a":
        return 0x07;
      case "f":
        return 0x0c;
      case "t":
        return 0x09;
      case "n":
        return 0x0a;
      case "r":
        return 0x0d;
      case "v":
        return 0x0b;
      case "x": {
        const m = /^\{([0-9A-Fa-f]{1,6})\}|^[0-9A-Fa-f]{2}/.exec(this.src.slice(this.pos));
        if (!m) throw new Re2SyntaxError("invalid \\x escape (\\xHH or \\x{HHHH})", at);
        const cp = parseInt(m[1] ?? m[0], 16);
        if (cp > 0x10ffff) throw new Re2SyntaxError("invalid \\x escape: beyond U+10FFFF", at);
        this.pos += m[0].length;
        return cp;
      }
      case "0": {
        const m = /^[0-7]{0,2}/.exec(this.src.slice(this.pos))!;
        this.pos += m[0].length;
        return parseInt(`0${m[0]}`, 8);
      }
    }
    if (c >= "1" && c <= "9") throw new Re2SyntaxError(`backreferences (\\${c}) are not supported by RE2`, at);
    if (c === "k") throw new Re2SyntaxError("named backreferences (\\k) are not supported by RE2", at);
    if (c === "C") throw new Re2SyntaxError("\\C (any byte) is not supported", at);
    // RE2 lets any ASCII punctuation be escaped; an escaped letter or digit it does not know is an error.
    if (/^[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]$/.test(c)) return c.charCodeAt(0);
    throw new Re2SyntaxError(`invalid escape sequence \\${c}`, at);
  }

  /** `[…]`, after the `[`. */
  private charClass(flags: Flags, at: number): Node {
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.pos++;
    }
    const ranges: [number, number][] = [];
    const tests: ((cp: number) => boolean)[] = [];
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new Re2SyntaxError("missing closing ']'", at);
      if (c === "]" && !first) {
        this.pos++;
        break;
      }
      first = false;
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(this.src.slice(this.pos));
      if (posix) {
        const set = POSIX[posix[2]!];
        if (!set) throw new Re2SyntaxError(`invalid character class range [:${posix[2]}:]`, this.pos);
        ranges.push(...(posix[1] ? complement(set) : set));
        this.pos += posix[0].length;
        continue;
      }
      const lo = this.classChar(ranges, tests);
      if (lo === null) continue;
      if (this.peek() === "-" && this.src[this.pos + 1] !== "]" && this.src[this.pos + 1] !== undefined) {
        const dash = this.pos++;
        const hi = this.classChar(ranges, tests);
        if (hi === null || hi < lo) throw new Re2SyntaxError("invalid character class range", dash);
        ranges.push([lo, hi]);
      } else ranges.push([lo, lo]);
    }
    const set: CharSet = { ranges: normalise(ranges), tests, negated };
    return { t: "char", set, fold: flags.i };
  }

  /** One class member: a code point, or null when it was a set (\d, \pL) already added. */
  private classChar(ranges: [number, number][], tests: ((cp: number) => boolean)[]): number | null {
    const at = this.pos;
    if (this.src[this.pos] === "\\") {
      this.pos++;
      if (this.src[this.pos] === undefined) throw new Re2SyntaxError("trailing backslash at end of pattern", at);
      const e = this.classEscape(at);
      if (typeof e === "number") return e;
      if (e.tests.length > 0) {
        const t = e.tests[0]!;
        tests.push(e.negated ? (cp) => !t(cp) : t);
      } else ranges.push(...(e.negated ? complement(e.ranges) : e.ranges.map(([lo, hi]): [number, number] => [lo, hi])));
      return null;
    }
    const cp = this.src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }
}

function literal(cp: number, flags: Flags): Node {
  return { t: "char", set: setOf([[cp, cp]]), fold: flags.i };
}

// ---- The NFA ----

const enum Op {
  Char,
  Split,
  Jmp,
  Assert,
  Match,
}

interface Inst {
  op: Op;
  /** Char: the set; Assert: the kind. */
  set?: CharSet;
  fold?: boolean;
  kind?: Assertion;
  x: number;
  y: number;
}

class Compiler {
  readonly prog: Inst[] = [];

  private emit(inst: Inst): number {
    if (this.prog.length >= MAX_INSTRUCTIONS) {
      throw new Re2SyntaxError(`pattern too large once its repetitions are expanded (over ${MAX_INSTRUCTIONS} states)`, 0);
    }
    this.prog.push(inst);
    return this.prog.length - 1;
  }

  /** Emits `node`; its exits jump to the instruction emitted next (patched by the caller through `holes`). */
  compile(node: Node): void {
    switch (node.t) {
      case "char":
        this.emit({ op: Op.Char, set: node.set, fold: node.fold, x: this.prog.length + 1, y: -1 });
        return;
      case "assert":
        this.emit({ op: Op.Assert, kind: node.kind, x: this.prog.length + 1, y: -1 });
        return;
      case "cat":
        for (const item of node.items) this.compile(item);
        return;
      case "alt": {
        // split L1, next; L1: a; jmp end; next: split L2, ...; last
        const jumps: number[] = [];
        node.items.forEach((item, i) => {
          if (i < node.items.length - 1) {
            const split = this.emit({ op: Op.Split, x: this.prog.length + 1, y: -1 });
            this.compile(item);
            jumps.push(this.emit({ op: Op.Jmp, x: -1, y: -1 }));
            this.prog[split]!.y = this.prog.length;
          } else this.compile(item);
        });
        for (const j of jumps) this.prog[j]!.x = this.prog.length;
        return;
      }
      case "rep": {
        for (let i = 0; i < node.min; i++) this.compile(node.sub);
        if (node.max === -1) {
          // L: split body, out; body; jmp L
          const loop = this.emit({ op: Op.Split, x: this.prog.length + 1, y: -1 });
          this.compile(node.sub);
          this.emit({ op: Op.Jmp, x: loop, y: -1 });
          this.prog[loop]!.y = this.prog.length;
          return;
        }
        // Up to max - min optional copies, each skipping to the end: (a(a(a)?)?)?
        const splits: number[] = [];
        for (let i = node.min; i < node.max; i++) {
          splits.push(this.emit({ op: Op.Split, x: this.prog.length + 1, y: -1 }));
          this.compile(node.sub);
        }
        for (const s of splits) this.prog[s]!.y = this.prog.length;
        return;
      }
    }
  }
}

/** Whether `cp` is in the set, before its negation. */
function contains(set: CharSet, cp: number): boolean {
  let found = false;
  const r = set.ranges;
  // Binary search: classes like \P{L} complemented into many ranges stay cheap.
  let lo = 0;
  let hi = r.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = r[mid]!;
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else {
      found = true;
      break;
    }
  }
  if (!found) for (const t of set.tests) if (t(cp)) found = true;
  return found;
}

/** Under (?i) a character is in the set when one of its case variants is: `(?i)[^a]` refuses "A". */
function accepts(inst: Inst, cp: number): boolean {
  const set = inst.set!;
  const found = inst.fold ? foldedVariants(cp).some((v) => contains(set, v)) : contains(set, cp);
  return found !== set.negated;
}

function foldedVariants(cp: number): number[] {
  const s = String.fromCodePoint(cp);
  const out = [cp];
  for (const v of [s.toLowerCase(), s.toUpperCase()]) {
    const c = v.codePointAt(0)!;
    if (v.length === String.fromCodePoint(c).length && !out.includes(c)) out.push(c);
  }
  // RE2 folds K with the Kelvin sign and s with the long s; the common ASCII case is what matters here.
  return out;
}

function isWordChar(cp: number): boolean {
  return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || cp === 0x5f || (cp >= 0x61 && cp <= 0x7a);
}

/** Case variants a (?i) set is widened with at compile time, up to this many code points. */
const MAX_FOLD_WIDEN = 5000;

/**
 * (?i) sets widened with their case variants ((?i)k → [Kk]), so the matcher compares plain
 * ranges; a set too large to enumerate (a range of more than 5,000 code points) keeps its fold flag and is folded per character.
 */
function widenFolds(node: Node): Node {
  switch (node.t) {
    case "char": {
      if (!node.fold || node.set.tests.length > 0) return node;
      let size = 0;
      for (const [lo, hi] of node.set.ranges) size += hi - lo + 1;
      if (size > MAX_FOLD_WIDEN) return node;
      const ranges: [number, number][] = [];
      for (const [lo, hi] of node.set.ranges) {
        ranges.push([lo, hi]);
        for (let cp = lo; cp <= hi; cp++) for (const v of foldedVariants(cp)) if (v !== cp) ranges.push([v, v]);
      }
      return { t: "char", set: { ranges: normalise(ranges), tests: [], negated: node.set.negated }, fold: false };
    }
    case "assert":
      return node;
    case "cat":
    case "alt":
      return { t: node.t, items: node.items.map(widenFolds) };
    case "rep":
      return { ...node, sub: widenFolds(node.sub) };
  }
}

/** A compiled pattern: `test` answers in time proportional to input length × pattern size. */
export class Re2Program {
  private readonly prog: readonly Inst[];
  /** Starts with `^` (or \A) outside any alternative: only position 0 can start a match. */
  private readonly anchored: boolean;
  /** The same pattern as a JavaScript RegExp, when that provably cannot backtrack badly (fast-path.ts). */
  private readonly fast: RegExp | null;
  // The program flattened into typed arrays for the simulation: op, successors, and for a Char
  // that is one plain range (a literal, [0-9]) its bounds (lo = -1: test the set, accepts()).
  private readonly ops: Uint8Array;
  private readonly xs: Int32Array;
  private readonly ys: Int32Array;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  // Working memory, allocated once: `test` runs to completion without calling out, so one
  // program's calls never overlap (each worker thread has its own programs).
  private current: Int32Array;
  private next: Int32Array;
  private readonly mark: Int32Array;
  private readonly stack: Int32Array;
  private gen = 0;
  /**
   * The character every match starts with, when the pattern begins with one literal (`-0+9$`,
   * `INV-\d+`): with no thread alive the search skips to its next occurrence (indexOf) instead
   * of stepping through every character.
   */
  private readonly firstLiteral: string | null;

  constructor(readonly pattern: string) {
    const tree = widenFolds(new Parser(pattern).parse());
    this.fast = safeRegExp(tree);
    const compiler = new Compiler();
    compiler.compile(tree);
    compiler.prog.push({ op: Op.Match, x: -1, y: -1 });
    this.prog = compiler.prog;
    const first = tree.t === "cat" ? tree.items[0] : tree;
    this.anchored = first?.t === "assert" && first.kind === "bot";
    this.firstLiteral = this.anchored ? null : requiredFirstLiteral(tree);
    const n = this.prog.length;
    this.ops = new Uint8Array(n);
    this.xs = new Int32Array(n);
    this.ys = new Int32Array(n);
    this.lo = new Int32Array(n).fill(-1);
    this.hi = new Int32Array(n).fill(-1);
    this.prog.forEach((inst, pc) => {
      this.ops[pc] = inst.op;
      this.xs[pc] = inst.x;
      this.ys[pc] = inst.y;
      const set = inst.set;
      if (inst.op === Op.Char && set && !inst.fold && !set.negated && set.tests.length === 0 && set.ranges.length === 1) {
        this.lo[pc] = set.ranges[0]![0];
        this.hi[pc] = set.ranges[0]![1];
      }
    });
    this.current = new Int32Array(n);
    this.next = new Int32Array(n);
    this.mark = new Int32Array(n).fill(-1);
    // A closure pushes each state it expands at most twice, plus its start: 2n + 1 per call.
    this.stack = new Int32Array(2 * n + 2);
  }

  test(input: string): boolean {
    if (this.fast) return this.fast.test(input);
    return this.simulate(input);
  }

  /** Instructions of the compiled program. */
  get size(): number {
    return this.prog.length;
  }

  /**
   * An upper bound of what `test(input)` costs, in NFA instructions stepped over characters: the
   * simulation's; the fast path's RegExp provably backtracks little (re2-fast-path.ts), so a
   * character each.
   */
  workFor(input: string): number {
    return this.fast ? input.length + 1 : (input.length + 1) * this.prog.length;
  }

  /** Whether `test` runs a JavaScript RegExp (re2-fast-path.ts) rather than the NFA. */
  get fastPath(): boolean {
    return this.fast !== null;
  }

  /**
   * Adds to `list` (from `len`) the Char and Match states reached from `start` by empty moves at
   * the position between code points `prev` and `cp` (-1: the text's start or end); returns the
   * new length. The marks of the current generation make a loop of empty moves (`(a*)*`) end.
   */
  private close(list: Int32Array, len: number, start: number, prev: number, cp: number): number {
    const { ops, xs, ys, mark, stack } = this;
    const gen = this.gen;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const pc = stack[--top]!;
      if (mark[pc] === gen) continue;
      mark[pc] = gen;
      const op = ops[pc];
      if (op === Op.Jmp) stack[top++] = xs[pc]!;
      else if (op === Op.Split) {
        stack[top++] = ys[pc]!;
        stack[top++] = xs[pc]!;
      } else if (op === Op.Assert) {
        if (holds(this.prog[pc]!.kind!, prev, cp)) stack[top++] = xs[pc]!;
      } else list[len++] = pc;
    }
    return len;
  }

  /** The NFA simulation (what `test` runs without the fast path; public for the tests). */
  simulate(input: string): boolean {
    const { ops, xs, lo, hi } = this;
    if (this.gen > 0x3fffffff) {
      this.mark.fill(-1);
      this.gen = 0;
    }
    let current = this.current;
    let next = this.next;
    this.gen++;
    let i = 0;
    if (this.firstLiteral !== null) {
      i = input.indexOf(this.firstLiteral);
      if (i === -1) return false;
    }
    let cp = i < input.length ? input.codePointAt(i)! : -1;
    let currentLen = this.close(current, 0, 0, codePointBefore(input, i), cp);
    for (;;) {
      if (currentLen === 0 && this.anchored) return false;
      const after = cp === -1 ? i : i + (cp > 0xffff ? 2 : 1);
      const nextCp = after < input.length ? input.codePointAt(after)! : -1;
      this.gen++;
      let nextLen = 0;
      for (let k = 0; k < currentLen; k++) {
        const pc = current[k]!;
        if (ops[pc] === Op.Match) return true;
        if (cp === -1) continue;
        const l = lo[pc]!;
        const ok = l === -1 ? accepts(this.prog[pc]!, cp) : cp >= l && cp <= hi[pc]!;
        if (ok) nextLen = this.close(next, nextLen, xs[pc]!, cp, nextCp);
      }
      if (cp === -1) return false;
      if (nextLen === 0 && this.firstLiteral !== null) {
        // Nothing alive: a match can only start at the next occurrence of its first character.
        const j = input.indexOf(this.firstLiteral, after);
        if (j === -1) return false;
        i = j;
        cp = input.codePointAt(j)!;
        this.gen++;
        currentLen = this.close(current, 0, 0, codePointBefore(input, j), cp);
        continue;
      }
      // Unanchored search: a match may also start at the next position.
      if (!this.anchored) nextLen = this.close(next, nextLen, 0, cp, nextCp);
      const swap = current;
      current = next;
      next = swap;
      currentLen = nextLen;
      i = after;
      cp = nextCp;
    }
  }
}

/** The code point just before UTF-16 index `i` (-1 at the start). */
function codePointBefore(input: string, i: number): number {
  if (i === 0) return -1;
  const c = input.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = input.charCodeAt(i - 2);
    if (h >= 0xd800 && h <= 0xdbff) return input.codePointAt(i - 2)!;
  }
  return c;
}

/**
 * The one character every match of `tree` begins with, or null: the pattern's first item must be
 * a literal character (or a repetition of one at least once), with nothing before it that could
 * match first; assertions before it (\b) are allowed, they consume nothing.
 */
function requiredFirstLiteral(tree: Node): string | null {
  const items = tree.t === "cat" ? tree.items : [tree];
  for (const item of items) {
    if (item.t === "assert") continue;
    const char = item.t === "rep" && item.min >= 1 ? item.sub : item;
    if (char.t !== "char" || char.fold || char.set.negated || char.set.tests.length > 0) return null;
    const ranges = char.set.ranges;
    if (ranges.length !== 1 || ranges[0]![0] !== ranges[0]![1]) return null;
    return String.fromCodePoint(ranges[0]![0]);
  }
  return null;
}

/** Whether an assertion holds between code point `prev` and `cp` (-1: the text's start or end). */
function holds(kind: Assertion, prev: number, cp: number): boolean {
  switch (kind) {
    case "bot":
      return prev === -1;
    case "eot":
      return cp === -1;
    case "bol":
      return prev === -1 || prev === 0x0a;
    case "eol":
      return cp === -1 || cp === 0x0a;
    case "word":
      return isWordChar(prev) !== isWordChar(cp);
    case "nonword":
      return isWordChar(prev) === isWordChar(cp);
  }
}

/** Parses and compiles `pattern` as RE2 syntax; throws Re2SyntaxError when it is not. */
export function compileRe2(pattern: string): Re2Program {
  return new Re2Program(pattern);
}

/** Compiled patterns, for `matches()` whose pattern is not a literal (read from the data). */
const cache = new Map<string, Re2Program>();
const CACHE_SIZE = 256;

/**
 * `s.matches(pattern)` as CEL defines it: RE2, unanchored, true when some substring matches. The
 * work is charged to the running rule's budget first (match-budget.ts): compiling a new pattern,
 * then the match.
 */
export function re2Matches(input: string, pattern: string): boolean {
  assertMatchBudgetLeft();
  let program = cache.get(pattern);
  if (!program) {
    program = compileRe2(pattern);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(pattern, program);
    chargeMatchWork(program.size * COMPILE_WORK_PER_INSTRUCTION);
  }
  chargeMatchWork(program.workFor(input));
  return program.test(input);
}
