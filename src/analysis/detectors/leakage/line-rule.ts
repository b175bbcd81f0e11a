// A pricing rule judges one invoice line. Rules run in a fixed precedence and the first that
// fires is the line's only pricing finding: one line, one explanation, its money counted once.
import type { DetectorCode } from "../../catalog.ts";
import type { DetectorInput, Finding } from "../types.ts";
import type { LineFacts } from "./line-facts.ts";

export interface LineRule {
  code: DetectorCode;
  check(facts: LineFacts, input: DetectorInput): Finding | null;
}

export function lineRiskKey(f: LineFacts): string {
  return `line:${f.index}:price`;
}

export function lineField(f: LineFacts, name: string): string {
  return `lines[${f.index}].${name}`;
}
