// The `http` connector type: an internal REST service answering JSON.
import type { ConnectorDescriptor } from "../descriptor.ts";
import type { HttpConnector } from "./connector.ts";

// The connector's code is loaded when a connector of this type is configured, not at every start
// (the cold start, docs/benchmarks.md).
const httpConnector = (): typeof HttpConnector => (require("./connector.ts") as typeof import("./connector.ts")).HttpConnector;

export const httpDescriptor: ConnectorDescriptor = {
  type: "http",
  description: "JSON over HTTP",
  needs: { url: "the base URL of the JSON source", transactions: "the path of the transactions collection, e.g. /transactions" },
  refuses: ["line_order", "path"],
  check(settings, { at, problems }) {
    if (settings.url) {
      try {
        const u = new URL(settings.url);
        if (u.protocol !== "http:" && u.protocol !== "https:") problems.push(`${at("url")}: must be an http:// or https:// URL`);
        if (u.username || u.password) problems.push(`${at("url")}: put credentials in auth:, not in the URL`);
      } catch {
        problems.push(`${at("url")}: not a valid URL`);
      }
    }
    if (settings.lookup && !settings.lookup.includes("{id}")) problems.push(`${at("lookup")}: must contain {id}, e.g. /transactions/{id}`);
    if (settings.auth?.bearer && settings.auth.basic) problems.push(`${at("auth")}: choose bearer or basic, not both`);
  },
  build: (settings, deps) => new (httpConnector())(settings, deps.clock, deps.resolve),
};
