// rare_combination.habit_fields and off_period.fields name categorical fields, as
// categorical_fields does: a canonical field or `attributes.<column>`. A name of neither kind
// (`Store` for `attributes.Store`, `lines`, `amount`) can never be read, and was accepted without a
// word, its detectors silently off (seventeenth attack pass); it is refused naming the YAML path.
import { expect, test } from "bun:test";
import { configProblems as problems } from "../support/config.ts";

const anomaly = (inner: string) => `modules:\n  anomaly_detection: ${inner}\n`;

test.each([
  ["rare_combination: { habit_fields: [Store] }", "modules.anomaly_detection.rare_combination.habit_fields[0]"],
  ["rare_combination: { habit_fields: [attributes.Store, lines] }", "modules.anomaly_detection.rare_combination.habit_fields[1]"],
  ["off_period: { fields: [amount] }", "modules.anomaly_detection.off_period.fields[0]"],
  ["off_period: { fields: ['attributes.'] }", "modules.anomaly_detection.off_period.fields[0]"],
  ["off_period: { fields: [Doc Type] }", "modules.anomaly_detection.off_period.fields[0]"],
])("%s is refused at %s", (inner, path) => {
  const found = problems(anomaly(`{ ${inner} }`));
  expect(found).toHaveLength(1);
  expect(found[0]).toStartWith(`${path}: expected a canonical categorical field`);
  expect(found[0]).toContain("attributes.<column>");
});

test.each([
  "rare_combination: { habit_fields: [attributes.Cost Center, customer_id] }",
  "rare_combination: { habit_fields: [attributes.Store.No] }",
  "off_period: { fields: [attributes.Doc Type, attributes.Account, type, created_by] }",
  // Business Central's column names end in a dot.
  "categorical_fields: [attributes.G/L Account No., attributes.Source Code, created_by]",
])("%s is accepted", (inner) => {
  expect(problems(anomaly(`{ ${inner} }`))).toEqual([]);
});

test("categorical_fields naming another field says what it takes, not only 'auto'", () => {
  expect(problems(anomaly("{ categorical_fields: [currency, lines] }"))).toEqual([
    'modules.anomaly_detection.categorical_fields: expected "auto", or a list of at most 16 canonical categorical fields (type, customer_id, currency, contract_id, reference, created_by, approved_by, sku) or attributes.<column>',
  ]);
});
