// The one rule for naming a connector in a request: the analysis engine, the alerts service, the
// reports service and the connector routes all ask it, so every caller refuses the same cases
// with the same codes and messages:
//   unknown          → 422 unknown_connector listing the ids this account may use
//                      (404 not_found when the id is a path parameter);
//   other accounts'  → 403 forbidden;
//   disabled         → 503 connector_unavailable "the connector is disabled" (not for inspection);
//   module not on it → 422 unknown_module listing the modules this connector offers.
import { ApiError } from "../domain/errors.ts";
import { connectorUnavailable } from "./errors.ts";
import { applicableModules, offersModule } from "./modules.ts";
import type { Connector } from "./types.ts";

export interface AccessOptions {
  /** The analysis module the caller means to run on the connector: it must be one it offers. */
  module?: string;
  /** The id came from the URL path: an unknown one is 404 not_found, not 422. */
  pathParam?: boolean;
  /** Only looking at it (its status): a disabled connector is still there to look at. */
  inspect?: boolean;
}

export interface ConnectorLookup {
  get(id: string): Connector | undefined;
  list(): Connector[];
}

/** What the engine and the services hold: the connectors, and the rule for using one. */
export interface ConnectorAccess extends ConnectorLookup {
  access(accountId: string, connectorId: string, options?: AccessOptions): Connector;
}

export function mayUse(connector: Connector, accountId: string): boolean {
  return connector.accounts === undefined || connector.accounts.includes(accountId);
}

export function accessConnector(connectors: ConnectorLookup, accountId: string, id: string, options: AccessOptions = {}): Connector {
  const connector = connectors.get(id);
  if (!connector) {
    if (options.pathParam) throw new ApiError("not_found", `no connector "${id}"`);
    const valid = connectors
      .list()
      .filter((c) => mayUse(c, accountId))
      .map((c) => c.id);
    throw new ApiError("unknown_connector", `unknown connector "${id}"; valid connectors: ${valid.join(", ") || "(none)"}`, {
      errors: [{ path: "/connector", message: `must be one of: ${valid.join(", ")}` }],
      extra: { valid_values: valid },
    });
  }
  if (!mayUse(connector, accountId)) throw new ApiError("forbidden", `this account may not use connector "${id}"`);
  if (!connector.enabled && !options.inspect) throw connectorUnavailable(id, "the connector is disabled");
  if (options.module !== undefined && !offersModule(connector, options.module)) {
    const offered: readonly string[] = applicableModules(connector);
    throw new ApiError("unknown_module", `connector "${id}" has no module "${options.module}"; its modules: ${offered.join(", ")}`, {
      errors: [{ path: "/module", message: `must be one of: ${offered.join(", ")}` }],
      extra: { valid_values: offered },
    });
  }
  return connector;
}

/** A ConnectorAccess over a fixed list (tests, benchmarks). */
export function connectorAccess(connectors: readonly Connector[]): ConnectorAccess {
  const lookup: ConnectorLookup = { get: (id) => connectors.find((c) => c.id === id), list: () => [...connectors] };
  return { ...lookup, access: (accountId, id, options) => accessConnector(lookup, accountId, id, options) };
}
