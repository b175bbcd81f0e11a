// The `metrics:` section: GET /metrics in Prometheus text format, off by default.
import { type Static, Type } from "@sinclair/typebox";

export const MetricsSection = Type.Object(
  {
    /** Serve GET /metrics. Off by default: it tells whoever reads it how the server is used. */
    enabled: Type.Boolean({ default: false }),
    /** When set, /metrics requires `Authorization: Bearer <token>` (its own token, not an API key). */
    token: Type.String({ default: "", maxLength: 512 }),
  },
  { additionalProperties: false, default: {} },
);

export type MetricsConfig = Static<typeof MetricsSection>;
