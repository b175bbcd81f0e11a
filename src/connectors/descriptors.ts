// Every connector type Assay knows, by its config `type:`. Adding a type: its folder exports a
// ConnectorDescriptor, and one line here (the compiler insists on one per CONNECTOR_TYPES entry).
import type { BaseConnector } from "./base.ts";
import { csvDescriptor } from "./csv/descriptor.ts";
import type { BuildDeps, ConnectorDescriptor } from "./descriptor.ts";
import { httpDescriptor } from "./http/descriptor.ts";
import { inlineDescriptor } from "./inline/descriptor.ts";
import type { ConnectorSettings } from "./settings.ts";
import { mysqlDescriptor, postgresDescriptor, sqliteDescriptor } from "./sql/descriptor.ts";
import type { ConnectorType } from "./types.ts";

export const DESCRIPTORS: Readonly<Record<ConnectorType, ConnectorDescriptor>> = {
  csv: csvDescriptor,
  sqlite: sqliteDescriptor,
  postgres: postgresDescriptor,
  mysql: mysqlDescriptor,
  http: httpDescriptor,
  inline: inlineDescriptor,
};

export function descriptorOf(type: ConnectorType): ConnectorDescriptor {
  return DESCRIPTORS[type];
}

export function buildConnector(settings: ConnectorSettings, deps: BuildDeps): BaseConnector {
  return descriptorOf(settings.type).build(settings, deps);
}
