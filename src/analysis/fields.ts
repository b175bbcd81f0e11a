// Reads a categorical field of a transaction by name: a canonical field (`currency`,
// `created_by`, …) or a source attribute (`attributes.BSCHL`). Used by the rarity detectors, the
// history statistics and the isolation forest's frequency features.
import type { Transaction } from "../domain/transaction.ts";

export type FieldReader = (t: Transaction) => string | undefined;

const CANONICAL = new Set(["type", "customer_id", "currency", "contract_id", "reference", "created_by", "approved_by"]);

export function fieldReader(name: string): FieldReader {
  if (name.startsWith("attributes.")) {
    const key = name.slice("attributes.".length);
    return (t) => {
      const v = t.attributes?.[key];
      return v === undefined || v === null || v === "" ? undefined : String(v);
    };
  }
  if (name === "sku") return (t) => t.lines[0]?.sku;
  if (!CANONICAL.has(name)) throw new Error(`unknown categorical field "${name}"`);
  return (t) => {
    const v = (t as unknown as Record<string, unknown>)[name];
    return v === undefined || v === null || v === "" ? undefined : String(v);
  };
}

export function isKnownField(name: string): boolean {
  return name === "sku" || CANONICAL.has(name) || /^attributes\.[^.]+$/.test(name);
}
