// What a SQL connector's `transactions:` and `reference:` name: a table or a single query.

/** A table name (optionally schema-qualified) or a single SELECT / WITH query. */
export function isSqlQuery(source: string): boolean {
  return /^\s*(select|with)\s/i.test(source);
}

export function checkSqlSource(source: string, path: string, problems: string[]) {
  if (isSqlQuery(source)) {
    if (/;\s*\S/.test(source)) problems.push(`${path}: a single query only (no ";" between statements)`);
  } else if (!/^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/.test(source)) {
    problems.push(`${path}: not a table name (letters, digits, _; schema.table allowed) nor a SELECT query`);
  }
}
