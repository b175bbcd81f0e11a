// The labels.json of a billing data set's export: its seed, the planted leaks and each regular
// document's kind (billing-report.ts reads it back). One writer for every generator.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** Writes `out`/labels.json (`extra`'s fields after the three) and returns the leaks counted by kind. */
export function writeLabels(out: string, seed: number, leaks: readonly { kind: string }[], regular: Record<string, string>, extra: Record<string, unknown> = {}): Record<string, number> {
  writeFileSync(join(out, "labels.json"), JSON.stringify({ seed, leaks, regular, ...extra }, null, 1));
  const byKind: Record<string, number> = {};
  for (const l of leaks) byKind[l.kind] = (byKind[l.kind] ?? 0) + 1;
  return byKind;
}
