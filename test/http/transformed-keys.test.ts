import { expect, test } from "bun:test";
import { t } from "elysia";
import { AnalyzeBody } from "../../src/api/analyze/model.ts";
import { transformedKeys } from "../../src/http/transformed-keys.ts";

test("the properties whose schema holds a transform (Elysia's t.Integer, t.Numeric), however deep", () => {
  expect(transformedKeys(AnalyzeBody)).toEqual(new Set(["options"]));
  const schema = t.Object({
    plain: t.String(),
    deep: t.Optional(t.Array(t.Object({ n: t.Union([t.Numeric(), t.Null()]) }))),
    none: t.Record(t.String(), t.Number()),
  });
  expect(transformedKeys(schema)).toEqual(new Set(["deep"]));
});

test("a schema it cannot see through is always decoded", () => {
  expect(transformedKeys(t.Object({ a: t.String() }, { additionalProperties: t.Integer() }))).toBeUndefined();
  expect(transformedKeys(t.Object({ r: t.Ref("Other") }))).toEqual(new Set(["r"]));
  expect(transformedKeys(t.Transform(t.Object({ a: t.String() })).Decode((v) => v).Encode((v) => v))).toBeUndefined();
});
