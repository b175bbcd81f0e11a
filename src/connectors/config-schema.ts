// The `connectors:` section of the config file. Owned by the connectors feature.
import { Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const ConnectorEntry = Type.Object(
  {
    id: Type.String({ pattern: "^[a-z0-9][a-z0-9_-]{0,62}$" }),
    type: Type.Union([
      Type.Literal("csv"),
      Type.Literal("sqlite"),
      Type.Literal("postgres"),
      Type.Literal("mysql"),
      Type.Literal("http"),
      Type.Literal("inline"),
    ]),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    enabled: Type.Boolean({ default: true }),
    accounts: Type.Optional(Type.Array(Type.String())),
    transactions: Type.Optional(Type.String()),
    reference: Type.Optional(
      Type.Object(
        {
          contracts: Type.Optional(Type.String()),
          price_list: Type.Optional(Type.String()),
          shipments: Type.Optional(Type.String()),
        },
        closed,
      ),
    ),
    mapping: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  closed,
);

export const ConnectorsSection = Type.Array(ConnectorEntry, { default: [] });
