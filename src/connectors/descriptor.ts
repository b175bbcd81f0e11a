// What describes a connector type: each type's folder exports one (csv/, sql/, http/, inline/)
// and descriptors.ts lists them, so adding a type is a folder plus one line there. The config
// check, the build, the default description, how its values are written and which analysis
// modules it offers beyond what its capabilities imply all live with the type.
import type { ModuleId } from "../analysis/catalog.ts";
import { resolvePath } from "../config/load.ts";
import type { Clock } from "../domain/clock.ts";
import { REFERENCE_TABLES } from "../domain/transaction.ts";
import type { BaseConnector } from "./base.ts";
import type { ConnectorConfig } from "./config-schema.ts";
import type { Resolver } from "./http/ssrf.ts";
import type { ConnectorSettings } from "./settings.ts";
import type { ConnectorType } from "./types.ts";

/** What the checks of one connector entry have at hand. */
export interface CheckContext {
  /** The YAML path of a key of this entry, e.g. connectors[2].url. */
  at(key: string): string;
  /** The config file's folder, against which relative file paths resolve. */
  dir: string;
  problems: string[];
}

export interface BuildDeps {
  clock: Clock;
  /** DNS resolution for the HTTP connector's address checks (tests inject one). */
  resolve?: Resolver;
}

export interface ConnectorDescriptor {
  type: ConnectorType;
  /** Shown in GET /v1/connectors when the entry has no description of its own. */
  description: string;
  /** Keys the type needs, each with what it is for (the message when it is missing). */
  needs: Partial<Record<keyof ConnectorConfig, string>>;
  /** Keys the type does not use: setting one is a mistake worth a message. */
  refuses: readonly (keyof ConnectorConfig)[];
  /**
   * Further checks of the type's keys, pushing one message per problem (each naming its YAML
   * path), and completing `settings` (e.g. resolving file paths against the config's folder).
   */
  check?(settings: ConnectorSettings, ctx: CheckContext): void;
  build(settings: ConnectorSettings, deps: BuildDeps): BaseConnector;
  /**
   * Analysis modules it offers whatever its capabilities say (e.g. inline offers revenue_leakage
   * with no reference tables: its callers send each line with its list price and discount).
   */
  alwaysOffers?: readonly ModuleId[];
}

/**
 * File sources (csv, inline) resolve their paths against the config's folder. A missing file is a
 * status problem (it may appear later, e.g. a nightly export), not a start-up error.
 */
export function resolveFiles(settings: ConnectorSettings, ctx: CheckContext) {
  if (settings.transactions && !holdsNul(settings.transactions, "transactions", ctx)) settings.transactions = resolvePath(ctx.dir, settings.transactions);
  for (const table of REFERENCE_TABLES) {
    const p = settings.reference?.[table];
    if (p && !holdsNul(p, `reference.${table}`, ctx)) settings.reference![table] = resolvePath(ctx.dir, p);
  }
}

/**
 * Whether a file path holds a NUL character (a stray "\0" in a double-quoted string), said at its
 * YAML path: no file name can, and the file was reported missing at run time though the path read
 * right (seventeenth attack pass).
 */
export function holdsNul(path: string, key: string, ctx: CheckContext): boolean {
  if (!path.includes("\0")) return false;
  ctx.problems.push(`${ctx.at(key)}: the path contains a NUL character (\\0), which no file name can hold; remove it`);
  return true;
}
