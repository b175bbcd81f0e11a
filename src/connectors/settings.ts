// Checks of the connector entries that the shared schema cannot express: mapping names and value
// formats here, the keys each type needs (and its file paths) in the type's descriptor. Each
// problem names its YAML path.
import { ConfigError, type AssayConfig } from "../config/load.ts";
import { REFERENCE_TABLES, TRANSACTION_TYPES } from "../domain/transaction.ts";
import type { ConnectorConfig } from "./config-schema.ts";
import { descriptorOf } from "./descriptors.ts";
import { FLAT_FIELD_NAMES, LINE_ATTRIBUTES, REFERENCE_FIELDS, ROW_NUMBER } from "./mapping.ts";
import { dateFormat } from "./values.ts";

/** A connector entry after checking, with file paths made absolute. */
export interface ConnectorSettings extends ConnectorConfig {
  /** Position in the `connectors:` list, for messages. */
  index: number;
}

export function connectorSettings(config: AssayConfig): ConnectorSettings[] {
  const problems: string[] = [];
  const out = config.connectors.map((entry, index) => checkEntry(entry, index, config.dir, problems));
  if (problems.length > 0) throw new ConfigError(config.file, problems);
  return out;
}

function checkEntry(entry: ConnectorConfig, index: number, dir: string, problems: string[]): ConnectorSettings {
  const at = (key: string) => `connectors[${index}].${key}`;
  const descriptor = descriptorOf(entry.type);
  const s: ConnectorSettings = {
    ...entry,
    index,
    description: entry.description ?? descriptor.description,
    reference: entry.reference ? { ...entry.reference } : undefined,
  };
  for (const [key, why] of Object.entries(descriptor.needs)) {
    if (entry[key as keyof ConnectorConfig] === undefined) problems.push(`${at(key)}: required for type ${entry.type} (${why})`);
  }
  for (const key of descriptor.refuses) {
    if (entry[key] !== undefined) problems.push(`${at(key)}: not used by type ${entry.type}; remove it`);
  }
  descriptor.check?.(s, { at, dir, problems });

  for (const [key, column] of Object.entries(entry.mapping ?? {})) {
    if (key === LINE_ATTRIBUTES) {
      // Columns kept on each line, not joined: a list in any source.
      if (column === ROW_NUMBER || (Array.isArray(column) && column.includes(ROW_NUMBER))) problems.push(`${at(`mapping.${key}`)}: ${ROW_NUMBER} (a row's number) names a transaction only; list the columns each line keeps`);
      continue;
    }
    if (!FLAT_FIELD_NAMES.includes(key)) problems.push(`${at(`mapping.${key}`)}: unknown canonical field; one of ${FLAT_FIELD_NAMES.join(", ")} (or ${LINE_ATTRIBUTES}: the columns each line keeps)`);
    else if (Array.isArray(column) && key !== "transaction_id" && key !== "sku") problems.push(`${at(`mapping.${key}`)}: one column (only transaction_id takes a list, the columns that together name a line, and sku, a code and its modifiers)`);
    else if (Array.isArray(column) && entry.type !== "csv") problems.push(`${at(`mapping.${key}`)}: a list of columns is read from csv files only; in a ${entry.type} source, join them in the query or a view`);
    else if (column === ROW_NUMBER && key !== "transaction_id") problems.push(`${at(`mapping.${key}`)}: ${ROW_NUMBER} (a row's number) names a transaction only; map transaction_id to it`);
    else if (column === ROW_NUMBER && entry.type !== "csv") problems.push(`${at(`mapping.${key}`)}: ${ROW_NUMBER} (a row's number) is read from csv files only; in a ${entry.type} source, select a row number or key in the query`);
    else if (Array.isArray(column) && column.includes(ROW_NUMBER)) problems.push(`${at(`mapping.${key}`)}: ${ROW_NUMBER} names a line on its own; map transaction_id: ${ROW_NUMBER} without other columns`);
  }
  for (const [code, type] of Object.entries(entry.type_values ?? {})) {
    if (!(TRANSACTION_TYPES as readonly string[]).includes(type)) problems.push(`${at(`type_values.${code}`)}: "${type}" is not a transaction type; one of ${TRANSACTION_TYPES.join(", ")}`);
  }
  for (const table of REFERENCE_TABLES) {
    const mapping = entry.reference_mapping?.[table] ?? {};
    const fields = REFERENCE_FIELDS[table].map((f) => f.name);
    for (const [key, column] of Object.entries(mapping)) {
      if (!fields.includes(key)) problems.push(`${at(`reference_mapping.${table}.${key}`)}: unknown field; one of ${fields.join(", ")}`);
      else if (Array.isArray(column) && key !== "sku") problems.push(`${at(`reference_mapping.${table}.${key}`)}: one column (only sku takes a list: a code and its modifiers)`);
      else if (Array.isArray(column) && entry.type !== "csv") problems.push(`${at(`reference_mapping.${table}.${key}`)}: a list of columns is read from csv files only; in a ${entry.type} source, join them in the query or a view`);
    }
  }
  try {
    if (entry.csv.date_format !== undefined) dateFormat(entry.csv.date_format);
  } catch (e) {
    problems.push(`${at("csv.date_format")}: ${(e as Error).message}`);
  }
  if (entry.csv.delimiter !== undefined && /[\r\n"]/.test(entry.csv.delimiter)) problems.push(`${at("csv.delimiter")}: cannot be a quote or a line break`);
  if (entry.csv.thousands === (entry.csv.decimal ?? ".")) problems.push(`${at("csv.thousands")}: must differ from csv.decimal${entry.csv.decimal === undefined ? ' (".", unless set: a file of decimal commas needs csv: { decimal: "," } beside it)' : ""}`);

  return s;
}
