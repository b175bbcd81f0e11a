// The `sqlite`, `postgres` and `mysql` connector types: a table or a SELECT query of invoice lines.
import { existsSync } from "node:fs";
import { resolvePath } from "../../config/load.ts";
import { REFERENCE_TABLES } from "../../domain/transaction.ts";
import { type CheckContext, type ConnectorDescriptor, holdsNul } from "../descriptor.ts";
import type { ConnectorSettings } from "../settings.ts";
import type { SqlConnector } from "./connector.ts";
import { notARegularFile } from "./file-kind.ts";
import { checkSqlSource } from "./sources.ts";

// The connector's code is loaded when a connector of this type is configured, not at every start
// (the cold start, docs/benchmarks.md).
const sqlConnector = (): typeof SqlConnector => (require("./connector.ts") as typeof import("./connector.ts")).SqlConnector;

const SOURCE = "a table name or a SELECT query";

function checkSources(settings: ConnectorSettings, { at, problems }: CheckContext) {
  if (settings.transactions) checkSqlSource(settings.transactions, at("transactions"), problems);
  for (const table of REFERENCE_TABLES) {
    const source = settings.reference?.[table];
    if (source) checkSqlSource(source, at(`reference.${table}`), problems);
  }
}

/** PostgreSQL and MySQL: a server reached by URL. */
function server(type: "postgres" | "mysql", description: string, schemes: string, example: string): ConnectorDescriptor {
  return {
    type,
    description,
    needs: { url: `a ${type}:// connection URL; keep the password in \${ENV}`, transactions: SOURCE },
    refuses: ["path"],
    check(settings, ctx) {
      if (settings.url && !new RegExp(`^(${schemes})://`).test(settings.url)) ctx.problems.push(`${ctx.at("url")}: must start with ${example}`);
      checkSources(settings, ctx);
    },
    build: (settings, deps) => new (sqlConnector())(settings, deps.clock),
  };
}

export const sqliteDescriptor: ConnectorDescriptor = {
  type: "sqlite",
  description: "SQLite database (read-only)",
  needs: { path: "the SQLite database file", transactions: SOURCE },
  refuses: ["url"],
  check(settings, ctx) {
    if (settings.path && !holdsNul(settings.path, "path", ctx)) {
      settings.path = resolvePath(ctx.dir, settings.path);
      // Opening read-only never creates the file; say so now rather than at the first probe.
      if (!existsSync(settings.path)) ctx.problems.push(`${ctx.at("path")}: SQLite file not found`);
      else {
        const kind = notARegularFile(settings.path);
        if (kind) ctx.problems.push(`${ctx.at("path")}: the SQLite file is ${kind}`);
      }
    }
    checkSources(settings, ctx);
  },
  build: (settings, deps) => new (sqlConnector())(settings, deps.clock),
};

export const postgresDescriptor = server("postgres", "PostgreSQL database", "postgres|postgresql", "postgres://");
export const mysqlDescriptor = server("mysql", "MySQL / MariaDB database", "mysql|mariadb", "mysql://");
