// The `http` connector type: an internal REST service answering JSON.
import type { ConnectorDescriptor } from "../descriptor.ts";
import type { HttpConnector } from "./connector.ts";

// The connector's code is loaded when a connector of this type is configured, not at every start
// (the cold start, docs/benchmarks.md).
const httpConnector = (): typeof HttpConnector => (require("./connector.ts") as typeof import("./connector.ts")).HttpConnector;

/** RFC 9110's token: what a header name is made of. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Whitespace fetch trims from both ends of a header value before it checks what is left. */
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** What a header value may not hold: controls (a tab it may) and characters beyond Latin-1. */
const NOT_IN_HEADER = /[\x00-\x08\x0a-\x1f\x7f\u0100-\uffff]/;

function headerValueProblems(value: string, path: string): string[] {
  const trimmed = value.replace(EDGE_WHITESPACE, "");
  const at = NOT_IN_HEADER.exec(trimmed);
  if (!at) return [];
  const position = value.indexOf(trimmed) + at.index + 1;
  return [`${path}: holds ${JSON.stringify(at[0])} at position ${position}: a header value is one line of Latin-1 text without control characters`];
}

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
    // What fetch would refuse at every request, refused here: the connector was "not reachable;
    // retry later" while the source was up and the file said ok.
    for (const [name, value] of Object.entries(settings.headers ?? {})) {
      if (!HEADER_NAME.test(name)) problems.push(`${at("headers")}: ${JSON.stringify(name)} is not a header name (letters, digits and !#$%&'*+-.^_\`|~)`);
      else problems.push(...headerValueProblems(value, at(`headers.${name}`)));
    }
    if (settings.auth?.bearer) problems.push(...headerValueProblems(settings.auth.bearer, at("auth.bearer")));
    if (settings.auth?.basic?.username.includes(":")) {
      problems.push(`${at("auth.basic.username")}: holds a colon, which Basic authentication reads as the end of the user name`);
    }
  },
  build: (settings, deps) => new (httpConnector())(settings, deps.clock, deps.resolve),
};
