// The overall bound of one scan of a connector (`scan_timeout_s`). `timeout_ms` bounds each source
// call — a page, a query's batch, a file read — but a scan is many of them: a source that answers
// every page just within its timeout and always has a next one (a slow-drip source), or a file
// that keeps growing slowly, held a scan, and every request waiting on it, for ever. Past the
// bound the scan is stopped: its signal aborts the call under way (a fetch, a query's batch, a
// file's chunk), and the caller gets 504 connector_timeout naming the setting.
import { ApiError } from "../domain/errors.ts";

/** 504: the whole scan ran past the connector's scan_timeout_s. */
export function scanTimeout(connectorId: string, seconds: number): ApiError {
  return new ApiError(
    "connector_timeout",
    `connector "${connectorId}" did not finish its scan within scan_timeout_s (${seconds} s); the source may be too slow or never end its pages: raise scan_timeout_s, or scan less (options.limit, from, to)`,
    { extra: { connector: connectorId } },
  );
}

/**
 * A signal that aborts with scanTimeout() after `seconds` (or with `outer`'s reason, whichever
 * comes first), and the means to stop its timer once the scan is over.
 */
export function scanDeadline(connectorId: string, seconds: number, outer?: AbortSignal): { signal: AbortSignal; clear: () => void } {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(scanTimeout(connectorId, seconds)), seconds * 1000);
  // A scan in flight keeps its own work alive; the timer must not keep a finished process up.
  (timer as { unref?: () => void }).unref?.();
  return { signal: outer ? AbortSignal.any([outer, deadline.signal]) : deadline.signal, clear: () => clearTimeout(timer) };
}
