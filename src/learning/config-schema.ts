// The `learning:` section: `assay learn` run by the server itself on a schedule (off by default;
// the command stays available from cron or by hand).
import { type Static, Type } from "@sinclair/typebox";

export const LearningSection = Type.Object(
  {
    /**
     * Every this many hours the server fits each connector's weights and threshold to the
     * resolutions analysts recorded since, as `assay learn` does; 0 (the default) is off.
     */
    every_h: Type.Number({ default: 0, minimum: 0, maximum: 576 }), // a timer cannot wait longer than 24.8 days
    /** A scheduled run fits a connector only when this many labels were added since its model in force. */
    min_new_labels: Type.Integer({ default: 5, minimum: 1, maximum: 100_000 }),
  },
  { additionalProperties: false, default: {} },
);

export type LearningConfig = Static<typeof LearningSection>;
