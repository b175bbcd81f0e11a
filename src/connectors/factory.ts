// Builds the built-in connector of each configured type.
import type { Clock } from "../domain/clock.ts";
import type { BaseConnector } from "./base.ts";
import { CsvConnector } from "./csv/connector.ts";
import { HttpConnector } from "./http/connector.ts";
import type { Resolver } from "./http/ssrf.ts";
import { InlineConnector } from "./inline.ts";
import type { ConnectorSettings } from "./settings.ts";
import { SqlConnector } from "./sql/connector.ts";

export interface FactoryOptions {
  clock: Clock;
  /** DNS resolution for the HTTP connector's address checks (tests inject one). */
  resolve?: Resolver;
}

export function buildConnector(settings: ConnectorSettings, options: FactoryOptions): BaseConnector {
  switch (settings.type) {
    case "csv":
      return new CsvConnector(settings, options.clock);
    case "sqlite":
    case "postgres":
    case "mysql":
      return new SqlConnector(settings, options.clock);
    case "http":
      return new HttpConnector(settings, options.clock, options.resolve);
    case "inline":
      return new InlineConnector(settings, options.clock);
  }
}
