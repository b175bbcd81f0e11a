// The `options` of an analyze request: validated here (as well as by the route's schema) so the
// engine refuses bad values with a 422 whoever calls it.
import { ApiError, type FieldError } from "../domain/errors.ts";
import { isValidIsoDate } from "./dates.ts";

export interface AnalyzeOptions {
  /** Transactions a scan reads at most. */
  limit: number;
  /** Anomalies a scan lists at most (the strongest first). */
  max_anomalies: number;
  from?: string;
  to?: string;
}

export const DEFAULT_SCAN_LIMIT = 1000;
export const MAX_SCAN_LIMIT = 1_000_000;
export const DEFAULT_MAX_ANOMALIES = 1000;
export const MAX_ANOMALIES = 10_000;

/**
 * The options of a request that sends none (nearly every lookup and inline analysis): one frozen
 * object, where parsing made two closures, a list, an array of keys and the object each time.
 */
const DEFAULT_OPTIONS: Readonly<AnalyzeOptions> = Object.freeze({ limit: DEFAULT_SCAN_LIMIT, max_anomalies: DEFAULT_MAX_ANOMALIES, from: undefined, to: undefined });

export function parseOptions(raw: Record<string, unknown> | undefined): Readonly<AnalyzeOptions> {
  if (raw === undefined) return DEFAULT_OPTIONS;
  const o = raw;
  const errors: FieldError[] = [];
  const int = (key: string, def: number, max: number): number => {
    const v = o[key];
    if (v === undefined || v === null) return def;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > max) {
      errors.push({ path: `/options/${key}`, message: `must be an integer from 1 to ${max}` });
      return def;
    }
    return v;
  };
  const date = (key: string): string | undefined => {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string" || !isValidIsoDate(v)) {
      errors.push({ path: `/options/${key}`, message: "must be an ISO 8601 date or date-time" });
      return undefined;
    }
    return v;
  };
  for (const key of Object.keys(o)) {
    if (!["limit", "max_anomalies", "from", "to"].includes(key)) errors.push({ path: `/options/${key}`, message: "unknown option" });
  }
  const options: AnalyzeOptions = {
    limit: int("limit", DEFAULT_SCAN_LIMIT, MAX_SCAN_LIMIT),
    max_anomalies: int("max_anomalies", DEFAULT_MAX_ANOMALIES, MAX_ANOMALIES),
    from: date("from"),
    to: date("to"),
  };
  // A range whose first day is after its last holds nothing: a scan of it read the whole source
  // and answered with nothing analysed. (Days only: a scan compares a date-only bound by its day.)
  if (options.from && options.to && options.from.slice(0, 10) > options.to.slice(0, 10)) {
    errors.push({ path: "/options/from", message: `${options.from} is after options.to (${options.to})` });
  }
  if (errors.length > 0) throw new ApiError("validation_failed", "the analyze options are not valid", { errors });
  return options;
}
