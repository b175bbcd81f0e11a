// Times a client sends: parsed strictly, stored as canonical UTC ISO strings.
import { iso } from "./clock.ts";
import { ApiError } from "./errors.ts";

/** An RFC 3339 time (or a date) → canonical UTC ISO string; 422 naming `path` otherwise. */
export function parseTime(value: string, path: string): string {
  const ok = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2}))?$/.test(value);
  const ms = ok ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) {
    throw new ApiError("validation_failed", "expected an RFC 3339 date-time such as 2026-01-31T00:00:00Z", {
      errors: [{ path, message: "not an RFC 3339 date-time" }],
    });
  }
  return iso(ms);
}
