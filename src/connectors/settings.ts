// Per-type checks of a connector entry that the shared schema cannot express (which keys each
// type needs, mapping names, date formats), each problem naming its YAML path, and resolution of
// relative file paths against the config file's folder.
import { existsSync } from "node:fs";
import { ConfigError, resolvePath, type AssayConfig } from "../config/load.ts";
import { REFERENCE_TABLES, type ReferenceTable } from "../domain/transaction.ts";
import type { ConnectorConfig } from "./config-schema.ts";
import { FLAT_FIELD_NAMES, REFERENCE_FIELDS } from "./mapping.ts";
import { dateFormat } from "./values.ts";

/** A connector entry after checking, with file paths made absolute. */
export interface ConnectorSettings extends ConnectorConfig {
  /** Position in the `connectors:` list, for messages. */
  index: number;
}

const FILE_TYPES = new Set(["csv", "inline"]);
const SQL_TYPES = new Set(["sqlite", "postgres", "mysql"]);

export function connectorSettings(config: AssayConfig): ConnectorSettings[] {
  const problems: string[] = [];
  const out = config.connectors.map((entry, index) => checkEntry(entry, index, config.dir, problems));
  if (problems.length > 0) throw new ConfigError(config.file, problems);
  return out;
}

function checkEntry(entry: ConnectorConfig, index: number, dir: string, problems: string[]): ConnectorSettings {
  const at = (key: string) => `connectors[${index}].${key}`;
  const s: ConnectorSettings = { ...entry, index, reference: entry.reference ? { ...entry.reference } : undefined };
  const need = (key: keyof ConnectorConfig, why: string) => {
    if (entry[key] === undefined) problems.push(`${at(String(key))}: required for type ${entry.type} (${why})`);
  };
  const refuse = (key: keyof ConnectorConfig) => {
    if (entry[key] !== undefined) problems.push(`${at(String(key))}: not used by type ${entry.type}; remove it`);
  };

  switch (entry.type) {
    case "csv":
      need("transactions", "the CSV file or folder of invoice lines");
      refuse("url");
      refuse("path");
      break;
    case "sqlite":
      need("path", "the SQLite database file");
      need("transactions", "a table name or a SELECT query");
      refuse("url");
      break;
    case "postgres":
    case "mysql":
      need("url", `a ${entry.type}:// connection URL; keep the password in \${ENV}`);
      need("transactions", "a table name or a SELECT query");
      refuse("path");
      if (entry.url && !new RegExp(`^${entry.type === "mysql" ? "(mysql|mariadb)" : "(postgres|postgresql)"}://`).test(entry.url)) {
        problems.push(`${at("url")}: must start with ${entry.type === "mysql" ? "mysql://" : "postgres://"}`);
      }
      break;
    case "http":
      refuse("line_order");
      need("url", "the base URL of the JSON source");
      need("transactions", "the path of the transactions collection, e.g. /transactions");
      refuse("path");
      if (entry.url) {
        try {
          const u = new URL(entry.url);
          if (u.protocol !== "http:" && u.protocol !== "https:") problems.push(`${at("url")}: must be an http:// or https:// URL`);
          if (u.username || u.password) problems.push(`${at("url")}: put credentials in auth:, not in the URL`);
        } catch {
          problems.push(`${at("url")}: not a valid URL`);
        }
      }
      if (entry.lookup && !entry.lookup.includes("{id}")) problems.push(`${at("lookup")}: must contain {id}, e.g. /transactions/{id}`);
      if (entry.auth?.bearer && entry.auth.basic) problems.push(`${at("auth")}: choose bearer or basic, not both`);
      break;
    case "inline":
      refuse("transactions");
      refuse("url");
      refuse("path");
      break;
  }

  for (const key of Object.keys(entry.mapping ?? {})) {
    if (!FLAT_FIELD_NAMES.includes(key)) problems.push(`${at(`mapping.${key}`)}: unknown canonical field; one of ${FLAT_FIELD_NAMES.join(", ")}`);
  }
  for (const table of REFERENCE_TABLES) {
    const mapping = entry.reference_mapping?.[table] ?? {};
    const fields = REFERENCE_FIELDS[table].map((f) => f.name);
    for (const key of Object.keys(mapping)) {
      if (!fields.includes(key)) problems.push(`${at(`reference_mapping.${table}.${key}`)}: unknown field; one of ${fields.join(", ")}`);
    }
  }
  try {
    dateFormat(entry.csv.date_format);
  } catch (e) {
    problems.push(`${at("csv.date_format")}: ${(e as Error).message}`);
  }
  if (/[\r\n"]/.test(entry.csv.delimiter)) problems.push(`${at("csv.delimiter")}: cannot be a quote or a line break`);
  if (entry.csv.thousands === entry.csv.decimal) problems.push(`${at("csv.thousands")}: must differ from csv.decimal`);

  // Files: resolve against the config's folder; a missing file is a status problem (it may
  // appear later, e.g. a nightly export), not a start-up error.
  if (FILE_TYPES.has(entry.type)) {
    if (s.transactions) s.transactions = resolvePath(dir, s.transactions);
    for (const table of REFERENCE_TABLES) {
      const p = s.reference?.[table];
      if (p) s.reference![table] = resolvePath(dir, p);
    }
  }
  if (entry.type === "sqlite" && s.path) {
    s.path = resolvePath(dir, s.path);
    if (!existsSync(s.path)) {
      // Opening read-only never creates the file; say so now rather than at the first probe.
      problems.push(`${at("path")}: SQLite file not found`);
    }
  }
  if (SQL_TYPES.has(entry.type) && s.transactions) checkSqlSource(s.transactions, at("transactions"), problems);
  for (const table of REFERENCE_TABLES) {
    const source = s.reference?.[table];
    if (SQL_TYPES.has(entry.type) && source) checkSqlSource(source, at(`reference.${table}`), problems);
  }
  return s;
}

/** A table name (optionally schema-qualified) or a single SELECT / WITH query. */
export function isSqlQuery(source: string): boolean {
  return /^\s*(select|with)\s/i.test(source);
}

function checkSqlSource(source: string, path: string, problems: string[]) {
  if (isSqlQuery(source)) {
    if (/;\s*\S/.test(source)) problems.push(`${path}: a single query only (no ";" between statements)`);
  } else if (!/^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/.test(source)) {
    problems.push(`${path}: not a table name (letters, digits, _; schema.table allowed) nor a SELECT query`);
  }
}

export function referenceTablesOf(s: ConnectorConfig): ReferenceTable[] {
  return REFERENCE_TABLES.filter((t) => s.reference?.[t] !== undefined);
}
