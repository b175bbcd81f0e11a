// A package rate posted as its elements: a hotel's bed-and-breakfast rate is one price a night in
// the rate calendar, but the night audit posts it as the room less each adult's breakfast on the
// room's code (1000) and the breakfast allocation on its own (2015), both under the package's
// rate code, on the night's date. The element lines carry the priced line's modifiers (the rate
// code, the hotel, the room type: 1000-PKGBB-AUSDT-KING, 2015-PKGBB-AUSDT-KING) under another
// base code that no reference row prices, and the same day: the priced line is judged on its
// amount with theirs. Only lines that state their own day (`date`) are grouped: the day is what
// tells a night's elements from another night's, and what keeps a claim's undated lines of one
// modifier (73721-26 beside an unpriced 72148-26) apart.
import type { TransactionLine } from "../../../domain/transaction.ts";
import { VARIANT_SEPARATOR } from "../../../domain/transaction.ts";

/** Per index of a priced line, the amount its package elements add to it (none: not in the map). */
export function packageElementAmounts(lines: readonly TransactionLine[], isPriced: (sku: string) => boolean): ReadonlyMap<number, number> {
  // Most documents date no line: nothing to group, nothing allocated.
  if (!lines.some((l) => l.date !== undefined && l.base_sku !== undefined)) return NONE;
  const groups = new Map<string, { priced: number[]; elements: number }>();
  lines.forEach((line, index) => {
    const modifiers = modifiersOf(line);
    if (modifiers === undefined || !line.date || line.amount === undefined) return;
    const key = `${line.date.slice(0, 10)}|${modifiers}`;
    const g = groups.get(key) ?? { priced: [], elements: 0 };
    if (isPriced(line.sku!)) g.priced.push(index);
    else if (!isPriced(line.base_sku!) && line.amount > 0) g.elements += line.amount;
    groups.set(key, g);
  });
  const out = new Map<number, number>();
  // One priced line a night takes its elements; several would leave it unsaid which one.
  for (const g of groups.values()) if (g.priced.length === 1 && g.elements > 0) out.set(g.priced[0]!, g.elements);
  return out;
}

const NONE: ReadonlyMap<number, number> = new Map();

/** What follows a variant code's base ("PKGBB-AUSDT-KING" of 1000-PKGBB-AUSDT-KING), else undefined. */
function modifiersOf(line: TransactionLine): string | undefined {
  const { sku, base_sku: base } = line;
  if (!sku || !base || !sku.startsWith(base + VARIANT_SEPARATOR)) return undefined;
  return sku.slice(base.length + VARIANT_SEPARATOR.length);
}
