// Numbers in a request body that a double cannot hold: JSON.parse would round them silently
// (9007199254740993 becomes 9007199254740992, 1e-400 becomes 0, 1e400 Infinity), and the rounded
// value would be stored and answered as if the client had sent it. Such a number is refused with
// its JSON pointer instead: kept exactly or refused, never changed.
import type { FieldError } from "../domain/errors.ts";

/**
 * Up to 15 significant digits a double always keeps; a run of 16 or more (the decimal point
 * aside) or an exponent may not be kept. A first, cheap test over the whole text, strings too.
 */
const MAYBE_INEXACT = /\d[\d.]{15}|\d[eE][+-]?\d/;

/**
 * Whether a number token outside strings has 16 digits or more, or an exponent: the ones worth
 * the exact check. Strings are skipped, so ids and SKUs such as "SKU-1E5" or long card-like
 * digits cost no slower parse.
 */
function hasLongNumber(text: string): boolean {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* backslash */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let digits = 0;
      for (; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d >= 48 && d <= 57) digits++;
        else if (d === 101 || d === 69 /* e E */) return true;
        else if (d !== 46 && d !== 45 && d !== 43 /* . - + */) break;
      }
      if (digits >= 16) return true;
      i--;
    }
  }
  return false;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** A decimal numeral as sign, significant digits and exponent: "1.50" and "15e-1" alike. */
function canonical(numeral: string): string | undefined {
  const m = DECIMAL.exec(numeral);
  if (!m) return undefined; // Infinity, NaN
  const fraction = m[3] ?? "";
  let digits = (m[2]! + fraction).replace(/^0+/, "");
  let exponent = Number(m[4] ?? 0) - fraction.length;
  const trimmed = digits.replace(/0+$/, "");
  exponent += digits.length - trimmed.length;
  digits = trimmed;
  if (!digits) return "0"; // -0 is 0: no value is lost
  return `${m[1]}${digits}e${exponent}`;
}

/** Whether the number JSON.parse made of `source` writes back as the same value. */
export function keptExactly(source: string, value: number): boolean {
  return canonical(source) === canonical(String(value));
}

class Inexact {
  constructor(readonly source: string) {}
}

/**
 * JSON.parse of `text`, and the numbers in it that JSON.parse did not keep exactly, with their
 * JSON pointers. A body without a number of 16 digits or with an exponent (nearly every one) is
 * parsed once, plainly; the others once, with each number compared with its source text.
 */
export function parseJsonKeepingNumbers(text: string): { value: unknown; inexact: FieldError[] } {
  if (!MAYBE_INEXACT.test(text) || !hasLongNumber(text)) return { value: JSON.parse(text), inexact: [] };
  let found = false;
  const value = JSON.parse(text, (_key, v, context?: { source?: string }) => {
    if (typeof v !== "number" || context?.source === undefined || keptExactly(context.source, v)) return v;
    found = true;
    return new Inexact(context.source);
  });
  if (!found) return { value, inexact: [] };
  const inexact: FieldError[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (node instanceof Inexact) {
      const shown = node.source.length > 40 ? `${node.source.slice(0, 40)}…` : node.source;
      inexact.push({ path: pointer, message: `${shown} cannot be kept exactly as a JSON number (a double holds about 15 significant digits, integers up to 9007199254740991, magnitudes from 5e-324 to 1.8e308): round it to the precision it needs, or send it as a string where the field takes text (an id, a metadata value)` });
    } else if (node && typeof node === "object" && inexact.length < 20) {
      for (const [k, v] of Object.entries(node)) walk(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  };
  walk(value, "");
  return { value, inexact };
}
