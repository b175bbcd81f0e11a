// Rebuilds the response of an idempotent request whose process died after its write committed
// but before the response was stored: the same status and body shape the route would have sent
// (the resource as it is now, which for a just-created one is what was sent).
import type { AlertService } from "../alerts/service.ts";
import type { ResourceRef } from "../domain/idempotency.ts";
import type { ReportService } from "../reports/service.ts";
import type { Store } from "../store/types.ts";
import type { StoredResponse } from "./idempotency.ts";
import { JSON_CONTENT_TYPE } from "./json-type.ts";

export interface RebuildDeps {
  alerts: Pick<AlertService, "get">;
  reports: Pick<ReportService, "get">;
  store: Pick<Store, "analyses">;
}

const JSON_TYPE = { "content-type": JSON_CONTENT_TYPE };

export async function rebuildResponse(deps: RebuildDeps, accountId: string, resource: ResourceRef): Promise<StoredResponse | null> {
  const colon = resource.indexOf(":");
  const kind = resource.slice(0, colon);
  const id = resource.slice(colon + 1);
  try {
    switch (kind) {
      case "alert":
        return { status: 201, headers: { ...JSON_TYPE, location: `/v1/alerts/${id}` }, body: JSON.stringify(await deps.alerts.get(accountId, id)) };
      case "report":
        return { status: 202, headers: { ...JSON_TYPE, location: `/v1/reports/${id}` }, body: JSON.stringify(await deps.reports.get(accountId, id)) };
      case "analysis": {
        const record = await deps.store.analyses.get(accountId, id);
        return record ? { status: 200, headers: JSON_TYPE, body: JSON.stringify(record.result) } : null;
      }
      default:
        return null;
    }
  } catch (e) {
    // A resource that is gone (404 from the service) cannot be replayed: the claim is released.
    if ((e as { status?: number }).status === 404) return null;
    throw e;
  }
}
