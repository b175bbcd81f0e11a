// The `alerts:` and `reports:` sections of the config file. Owned by the alerts/reports feature.
import { Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const AlertsSection = Type.Object(
  { auto_threshold: Type.Number({ default: 70, minimum: 0, maximum: 101 }) },
  { ...closed, default: {} },
);

export const ReportsSection = Type.Object(
  { dir: Type.String({ default: "./data/reports", minLength: 1 }) },
  { ...closed, default: {} },
);
