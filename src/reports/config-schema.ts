// The `reports:` section of the config file: where report files go and how the worker runs them.
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const ReportsSection = Type.Object(
  {
    dir: Type.String({ default: "./data/reports", minLength: 1 }),
    /** Reports generated at the same time by the server's worker. */
    concurrency: Type.Integer({ default: 2, minimum: 1, maximum: 32 }),
    /** Finished reports (rows and files) are deleted this many days after they finished. */
    retention_days: Type.Number({ default: 30, minimum: 0.0001, maximum: 3650 }),
    /**
     * Worker threads one report's scan uses (a CSV source and a module that needs at most the
     * history ledger, e.g. revenue_leakage): the history pass and the scan are split by byte
     * range. Above 1, a "full" history (anomaly_detection) of any source also builds its amount
     * contexts on a worker thread. Unset: the machine's cores, at most 8. 1: in process, on the
     * main thread.
     */
    workers: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    /** How often the worker looks for queued reports (new reports wake it at once). */
    poll_interval_ms: Type.Integer({ default: 1_000, minimum: 10, maximum: 60_000 }),
    /** Rows of a detail table shown in an html report (json and csv always hold them all). */
    html_max_rows: Type.Integer({ default: 5_000, minimum: 10, maximum: 1_000_000 }),
    /**
     * Reports one account may have queued or running at once: a further POST /v1/reports (or the
     * dashboard's form, or `assay reports create`) is refused with 429 until one finishes, so one
     * account cannot fill the shared queue and starve every other account's reports.
     */
    max_active_per_account: Type.Integer({ default: 20, minimum: 1, maximum: 100_000 }),
    /** A report whose runs were interrupted this many times is failed instead of retried. */
    max_attempts: Type.Integer({ default: 3, minimum: 1, maximum: 20 }),
  },
  { ...closed, default: {} },
);

export type ReportsConfig = Static<typeof ReportsSection>;
