// GET /metrics: Prometheus text format. Off unless `metrics.enabled`; with `metrics.token` set it
// requires `Authorization: Bearer <token>` (the metrics token, not an API key). Outside /v1, so
// no API key, signature or account rate limit applies; a wrong token is a failed authentication
// of the client's address, like a wrong API key.
import { timingSafeEqual } from "../domain/crypto.ts";
import { Elysia } from "elysia";
import { ApiError } from "../domain/errors.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { MetricsConfig } from "../metrics/config-schema.ts";
import type { Authenticator } from "./authenticate.ts";
import { stateOf } from "./request-state.ts";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function metricsRoutes(config: MetricsConfig, metrics: Metrics | undefined, authenticator: Pick<Authenticator, "checkCredential">) {
  return new Elysia({ name: "assay.metrics" }).get(
    "/metrics",
    async ({ request }) => {
      if (!config.enabled || !metrics) throw new ApiError("not_found", "metrics are off; set metrics.enabled: true in the configuration");
      if (config.token) {
        const header = request.headers.get("authorization") ?? "";
        if (!header) throw new ApiError("missing_api_key", "send Authorization: Bearer <metrics.token> (the metrics token, not an API key)");
        // A wrong token counts against the address's failed authentications (security.failed_auth).
        await authenticator.checkCredential(
          stateOf(request),
          () => header.startsWith("Bearer ") && sameToken(header.slice(7).trim(), config.token),
          new ApiError("invalid_api_key", "the metrics token does not match metrics.token"),
        );
      }
      return new Response(await metrics.render(), { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" } });
    },
    { detail: { hide: true } },
  );
}
