// The benchmark's ledger generator (bench/ledger.ts): the auditor's regular business of
// `audit: true` is added from its own random stream, labelled as regular business, and leaves
// the rest of the ledger — and its anomalies — exactly as without it.
import { describe, expect, test } from "bun:test";
import { AUDIT_KINDS, generateLedger } from "../../bench/ledger.ts";

describe("ledger generator: the auditor's regular business", () => {
  test("audit: true adds every kind, labelled regular, without touching the rest (seeded)", () => {
    const plain = generateLedger({ seed: 5, entries: 8_000, extra: true });
    const audit = generateLedger({ seed: 5, entries: 8_000, extra: true, audit: true });
    const kinds = new Map<string, number>();
    for (const k of audit.regular.values()) kinds.set(k, (kinds.get(k) ?? 0) + 1);
    for (const k of AUDIT_KINDS) expect(kinds.get(k) ?? 0).toBeGreaterThan(0);
    const added = new Set([...audit.regular].filter(([, k]) => (AUDIT_KINDS as readonly string[]).includes(k)).map(([id]) => id));
    expect(audit.transactions.filter((t) => !added.has(t.transaction_id))).toEqual(plain.transactions);
    expect(audit.labels).toEqual(plain.labels);
    for (const id of added) expect(audit.labels.has(id)).toBe(false);
    // Same seed, same ledger.
    expect(generateLedger({ seed: 5, entries: 8_000, extra: true, audit: true }).transactions).toEqual(audit.transactions);
  });

  test("balanced: a planted amount is posted on every line of its document, each labelled", () => {
    const plain = generateLedger({ seed: 5, entries: 8_000 });
    const balanced = generateLedger({ seed: 5, entries: 8_000, balanced: true });
    const docOf = (id: string) => id.slice(0, id.lastIndexOf("-"));
    const amounts = [...plain.labels].filter(([, k]) => k.endsWith("amount"));
    expect(amounts.length).toBeGreaterThan(0);
    for (const [id, kind] of amounts) {
      const lines = balanced.transactions.filter((t) => docOf(t.transaction_id) === docOf(id));
      expect(lines.length).toBeGreaterThan(1);
      for (const t of lines) {
        expect(balanced.labels.get(t.transaction_id)).toBe(kind);
        expect(t.amount).toBe(plain.transactions.find((x) => x.transaction_id === id)!.amount);
      }
    }
  });
});
