// The `dashboard:` section of the config file, read by the user and session services.
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const DashboardSection = Type.Object(
  {
    /** Serve /dashboard on the API port. */
    enabled: Type.Boolean({ default: true }),
    /** Base of the links `assay users create` prints (e.g. https://assay.example.com); default: from server.host/port. */
    public_url: Type.Optional(Type.String({ pattern: "^https?://[^/?#]+$", maxLength: 512 })),
    /** A session unused this long ends. */
    session_idle_minutes: Type.Integer({ default: 30, minimum: 1, maximum: 7 * 24 * 60 }),
    /** A session ends this long after sign-in, used or not. */
    session_absolute_hours: Type.Number({ default: 12, minimum: 0.1, maximum: 24 * 30 }),
    /** How long a setup link (invitation or reset) works. */
    setup_link_hours: Type.Number({ default: 24, minimum: 0.1, maximum: 24 * 30 }),
    /** Failed sign-ins allowed per minute per client address and per user before further attempts are refused. */
    sign_in: Type.Object(
      {
        per_address_per_minute: Type.Integer({ default: 10, minimum: 1, maximum: 100_000 }),
        per_user_per_minute: Type.Integer({ default: 5, minimum: 1, maximum: 100_000 }),
      },
      { ...closed, default: {} },
    ),
  },
  { ...closed, default: {} },
);

export type DashboardConfig = Static<typeof DashboardSection>;
