// A connector mapping's value that is neither a column nor a list of columns (an empty name, an
// empty list) said only "expected union value" (seventeenth attack pass, `mapping.line_attributes:
// []`); it says what a mapping takes, at the YAML path.
import { expect, test } from "bun:test";
import { configProblems as problems } from "../support/config.ts";

const connector = (mapping: string) => `connectors:\n  - { id: f, type: csv, transactions: ./f.csv, mapping: ${mapping} }\n`;

test.each([
  ["{ transaction_id: '' }", "connectors[0].mapping.transaction_id"],
  ["{ transaction_id: id, line_attributes: [] }", "connectors[0].mapping.line_attributes"],
  ["{ transaction_id: id, line_attributes: ['', Check] }", "connectors[0].mapping.line_attributes"],
])("%s is refused at %s, saying what it takes", (mapping, path) => {
  expect(problems(connector(mapping))).toContain(`${path}: expected a column name, or a non-empty list of column names (no empty name)`);
});
