// Zero configuration: which fields of a connector's transactions are categorical, profiled from
// a sample of its history (the first transactions the history pass reads). A field is
// categorical when most rows carry it, its values repeat (few distinct values relative to the
// rows: at least MIN_REPEAT rows per value on average) and they look like codes, not like ids
// (every value distinct), amounts or dates (numbers with decimals, ISO dates and times) or free
// text (long strings). Candidates are the canonical fields that can be categorical and every
// source attribute the sample carries. A field that repeats another (the same value in nearly
// every row, e.g. an attribute mapped to `sku` as well) is kept once. `categorical_fields` in
// the config overrides all this.
import type { Transaction } from "../domain/transaction.ts";
import { fieldReader } from "./fields.ts";

const CANONICAL = ["type", "currency", "created_by", "approved_by", "customer_id", "sku", "contract_id", "reference"];
/** Rows per value, on average, for a field to count as categorical. */
const MIN_REPEAT = 20;
const MAX_DISTINCT = 5000;
const MAX_FIELDS = 16;
const MAX_AVERAGE_LENGTH = 40;
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}/;
const DECIMAL = /^-?\d+[.,]\d+$/;

export interface FieldProfile {
  field: string;
  rows: number;
  distinct: number;
}

/** The categorical fields of the sample, in a stable order (canonical first, then attributes). */
export function profileCategoricalFields(sample: readonly Transaction[]): string[] {
  return profileFields(sample)
    .map((p) => p.field)
    .slice(0, MAX_FIELDS);
}

export function profileFields(sample: readonly Transaction[]): FieldProfile[] {
  if (sample.length === 0) return [];
  const attributes = new Set<string>();
  for (const t of sample) for (const k of Object.keys(t.attributes ?? {})) attributes.add(k);
  const candidates = [...CANONICAL, ...[...attributes].sort().map((k) => `attributes.${k}`)];
  const kept: { profile: FieldProfile; values: (string | undefined)[] }[] = [];
  for (const field of candidates) {
    const read = fieldReader(field);
    const values = sample.map(read);
    const counts = new Map<string, number>();
    let rows = 0;
    let decimals = 0;
    let dates = 0;
    let length = 0;
    for (const v of values) {
      if (v === undefined) continue;
      rows++;
      counts.set(v, (counts.get(v) ?? 0) + 1);
      length += v.length;
      if (DECIMAL.test(v)) decimals++;
      if (DATE_LIKE.test(v)) dates++;
    }
    const distinct = counts.size;
    if (rows < sample.length / 2 || distinct > MAX_DISTINCT) continue;
    if (rows / distinct < MIN_REPEAT) continue;
    if (decimals > rows / 2 || dates > rows / 2 || length / rows > MAX_AVERAGE_LENGTH) continue;
    if (kept.some((k) => agree(k.values, values) >= 0.999)) continue;
    kept.push({ profile: { field, rows, distinct }, values });
  }
  return kept.map((k) => k.profile);
}

/** Share of rows where two fields carry the same value (or both none). */
function agree(a: readonly (string | undefined)[], b: readonly (string | undefined)[]): number {
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}
