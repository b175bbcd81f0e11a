// The pattern a false-positive dismissal suppresses: the set of finding codes (what) and the
// entity (who: the customer, else the transaction). The alerts feature records and checks
// patterns (alerts/suppressions.ts); the back-test applies the same ones (analysis/backtest).

/** The sorted, distinct finding codes: the pattern's "what". */
export function codesKey(anomalies: readonly unknown[]): string {
  return [...new Set(anomalies.map((a) => String((a as { code: unknown }).code)))].sort().join(",");
}

/** The pattern's "who": the customer when known, else the transaction. */
export function entityKey(customerId: string | null | undefined, transactionId: string | null): string | null {
  if (customerId) return `customer:${customerId}`;
  return transactionId ? `transaction:${transactionId}` : null;
}

/** A dismissed pattern as the back-test receives it. */
export interface SuppressedPattern {
  codes: string;
  entity: string;
}
