// The logic of the connector endpoints: the public views of connectors and their status, paged
// as every list (docs/api.md, "Objects, ids, lists"), with the `accounts:` allow-list applied.
import type { Static } from "elysia";
import { pageOf } from "../page-limit.ts";
import { applicableModules } from "../../connectors/modules.ts";
import type { ConnectorRegistry } from "../../connectors/registry.ts";
import type { Connector } from "../../connectors/types.ts";
import type { ConnectorList, ConnectorObject, ConnectorStatusObject } from "./model.ts";

export function connectorView(registry: ConnectorRegistry, c: Connector): Static<typeof ConnectorObject> {
  return {
    id: c.id,
    object: "connector",
    type: c.type,
    name: c.name,
    description: c.description,
    status: registry.status(c.id)!.status,
    modules: applicableModules(c),
    capabilities: { lookup: c.capabilities.lookup, scan: c.capabilities.scan, reference: [...c.capabilities.reference] },
  };
}

export function listConnectors(
  registry: ConnectorRegistry,
  accountId: string,
  query: { limit?: number; starting_after?: string },
): Static<typeof ConnectorList> {
  const { page, has_more } = pageOf(registry.visibleTo(accountId), query, "connector");
  return { object: "list", data: page.map((c) => connectorView(registry, c)), has_more };
}

export function connectorStatus(registry: ConnectorRegistry, accountId: string, id: string): Static<typeof ConnectorStatusObject> {
  const connector = registry.access(accountId, id, { pathParam: true, inspect: true });
  return { ...registry.status(id)!, mapping: connector.mappingReport() };
}
