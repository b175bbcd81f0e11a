// The `rules:` section of the config file: custom control points written in CEL. Owned by the
// rules feature (src/analysis/rules). The schema checks the shape; compile.ts then parses and
// type-checks every expression, so a bad rule is a config error naming it and never reaches
// the server.
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

// Module ids are checked by compile.ts, which can name the valid ones.
const ModuleName = Type.String({ minLength: 1 });

export const RuleConfig = Type.Object(
  {
    /** Stable id: findings carry the code `rule:<id>`. */
    id: Type.String({ pattern: "^[a-z][a-z0-9_]{0,63}$" }),
    /** The module(s) the rule runs in: one id, a list, or "*" for every module. */
    module: Type.Union([ModuleName, Type.Array(ModuleName, { minItems: 1 })], { default: "*" }),
    /** CEL expression of type bool over txn, ref, history, findings and risk_score. */
    when: Type.String({ minLength: 1, maxLength: 4000 }),
    severity: Type.Union([Type.Literal("low"), Type.Literal("medium"), Type.Literal("high"), Type.Literal("critical")], { default: "medium" }),
    /** The finding's message; `{field}` is a transaction field, `{expr}` any CEL expression. */
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    /** CEL expression (a number): money at risk, in the transaction's currency. Default 0. */
    amount_at_risk: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
    /** flag: add a finding. suppress: remove the findings named in `suppress` (an allow-list). */
    action: Type.Union([Type.Literal("flag"), Type.Literal("suppress")], { default: "flag" }),
    /** With action: suppress, the codes to remove (detector codes or rule:<id>). */
    suppress: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 100 })),
    /** Off switch without deleting the rule. */
    enabled: Type.Boolean({ default: true }),
  },
  closed,
);

export const RulesSection = Type.Array(RuleConfig, { default: [], maxItems: 1000 });

export type RuleConfigT = Static<typeof RuleConfig>;
export type RulesConfig = Static<typeof RulesSection>;
