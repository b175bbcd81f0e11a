// The `security:` section of the config file: master key, signature rules, failed-auth limits.
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const SecuritySection = Type.Object(
  {
    master_key_file: Type.String({ default: "./data/master.key", minLength: 1 }),
    signature: Type.Object(
      {
        timestamp: Type.Union([Type.Literal("optional"), Type.Literal("required")], { default: "optional" }),
        tolerance_s: Type.Integer({ default: 300, minimum: 1, maximum: 86_400 }),
        /** body: the spec's scheme (the body, or `<ts>.<body>`); request: timestamp, method, path, query and body. */
        scope: Type.Union([Type.Literal("body"), Type.Literal("request")], { default: "body" }),
      },
      { ...closed, default: {} },
    ),
    /** Per client address: failed authentications allowed before further attempts are refused. */
    failed_auth: Type.Object(
      {
        per_minute: Type.Integer({ default: 60, minimum: 1, maximum: 1_000_000 }),
        per_second: Type.Integer({ default: 10, minimum: 1, maximum: 1_000_000 }),
      },
      { ...closed, default: {} },
    ),
  },
  { ...closed, default: {} },
);

export type SecurityConfig = Static<typeof SecuritySection>;
