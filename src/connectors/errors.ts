// Errors a connector raises when its source cannot answer. They are ApiErrors, so they propagate
// unchanged through the analysis engine to the client as 503 `connector_unavailable` or 504
// `connector_timeout`. Messages name the connector id and kind only: never a credential, a SQL
// text, a URL with user info or a server file path (docs/api.md, "Errors").
import { ApiError } from "../domain/errors.ts";

/** Why a source call failed, kept for the status monitor (not shown verbatim to clients). */
export type ConnectorFailureKind = "unavailable" | "timeout";

/** 503: the source is down, refused us, returned garbage, or the monitor has marked it unreachable. */
export function connectorUnavailable(connectorId: string, reason = "the source is not reachable"): ApiError {
  return new ApiError("connector_unavailable", `connector "${connectorId}" is unavailable: ${reason}; retry later`, {
    headers: { "retry-after": "5" },
    extra: { connector: connectorId },
  });
}

/** 504: the source did not answer within the connector's timeout. */
export function connectorTimeout(connectorId: string, timeoutMs: number): ApiError {
  return new ApiError("connector_timeout", `connector "${connectorId}" did not answer within ${timeoutMs} ms`, {
    extra: { connector: connectorId },
  });
}

export function isConnectorError(e: unknown): e is ApiError {
  return e instanceof ApiError && (e.code === "connector_unavailable" || e.code === "connector_timeout");
}

/**
 * Turns anything a driver threw into a safe connector error. Driver messages can carry hosts,
 * users, SQL or paths, so they are never copied; `reason` is a short, fixed phrase chosen by the
 * connector (e.g. "query failed", "file not readable").
 */
export function toConnectorError(connectorId: string, error: unknown, reason: string, timeoutMs?: number): ApiError {
  if (error instanceof ApiError) return error;
  if (timeoutMs !== undefined && isTimeoutLike(error)) return connectorTimeout(connectorId, timeoutMs);
  return connectorUnavailable(connectorId, reason);
}

function isTimeoutLike(error: unknown): boolean {
  const e = error as { name?: string; code?: string } | undefined;
  return e?.name === "TimeoutError" || e?.code === "ERR_POSTGRES_QUERY_TIMEOUT" || e?.code === "ETIMEDOUT";
}
