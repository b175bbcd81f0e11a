// Which analysis modules are useful on a connector, from what it can provide:
// - compliance (tax, approvals, currency, dates) reads the transaction alone: always;
// - revenue_leakage compares prices and quantities with contracts, the price list or shipments:
//   where at least one of those reference tables is configured, and where the type's descriptor
//   always offers it (inline: callers send each line with its list price and discount);
// - anomaly_detection and duplicate_detection compare a transaction with the others: only where
//   the connector can scan its history.
import { MODULE_IDS, type ModuleId } from "../analysis/catalog.ts";
import { descriptorOf } from "./descriptors.ts";
import type { Connector } from "./types.ts";

export function applicableModules(connector: Pick<Connector, "capabilities" | "type">): ModuleId[] {
  return MODULE_IDS.filter((m) => offersModule(connector, m));
}

/**
 * Whether `module` is among applicableModules(connector), without making the list: every analysis
 * asks it of its module (connectors/access.ts), and only a refusal needs the list.
 */
export function offersModule(connector: Pick<Connector, "capabilities" | "type">, module: string): boolean {
  switch (module) {
    case "revenue_leakage":
      return connector.capabilities.reference.length > 0 || (descriptorOf(connector.type).alwaysOffers ?? []).includes(module as ModuleId);
    case "anomaly_detection":
    case "duplicate_detection":
      return connector.capabilities.scan;
    case "compliance":
      return true;
    default:
      return false;
  }
}
