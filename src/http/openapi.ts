// Completes the OpenAPI document the route schemas generate with what the routes cannot say
// themselves: the problem+json errors each route can answer (one shared schema, the codes per
// route), the headers every answer carries (rate limits, Request-Id, Retry-After,
// Idempotent-Replayed), Idempotency-Key and X-Service-Timestamp, servers, tags, query types,
// per-format report content, and bounds on response values. Redocly and Spectral (with the OWASP
// ruleset) lint the result in CI (test/http/openapi-lint.test.ts; docs/api.md explains what they
// still warn about).
import { PROBLEMS, type ProblemCode } from "../domain/errors.ts";

// The document is plain JSON built by a generator: typed loosely on purpose.
type Json = Record<string, any>;

export const TAGS = [
  { name: "health", description: "Liveness and health: `/livez` for load balancers (no authentication), `/v1/health` with storage and connector checks." },
  { name: "connectors", description: "The source systems (ERP, billing, CSV exports, databases) configured on this server, and their live status." },
  { name: "analysis", description: "Risk scoring: analyse one transaction (inline or fetched through a connector) or scan a period; the modules and detectors." },
  { name: "alerts", description: "Alerts raised by hand or automatically from risky analyses, and their lifecycle (open → acknowledged → resolved | dismissed)." },
  { name: "reports", description: "Background reports (risk summary, revenue leakage, alerts) in JSON, CSV or HTML." },
];

const RATE_LIMIT_HEADERS = ["RateLimit-Policy", "RateLimit", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

const HEADERS: Json = {
  "RateLimit-Policy": { description: "The plan's two windows (IETF draft), e.g. standard: `\"burst\";q=50;w=1, \"sustained\";q=1000;w=60`.", schema: { type: "string", maxLength: 200 } },
  RateLimit: { description: "Both windows' state (IETF draft): `\"burst\";r=49;t=1, \"sustained\";r=999;t=60` (`r` left, `t` seconds until the oldest counted request leaves the window).", schema: { type: "string", maxLength: 200 } },
  "X-RateLimit-Limit": { description: "Requests allowed in the tighter window.", schema: { type: "integer", format: "int32", minimum: 0, maximum: 1000000 } },
  "X-RateLimit-Remaining": { description: "Requests left in that window.", schema: { type: "integer", format: "int32", minimum: 0, maximum: 1000000 } },
  "X-RateLimit-Reset": { description: "Seconds until that window frees a request.", schema: { type: "integer", format: "int32", minimum: 0, maximum: 60 } },
  "Request-Id": { description: "This request's id (`req_<ULID>`), also in the access log and in every problem.", schema: { type: "string", maxLength: 40, pattern: "^req_[0-9A-HJKMNP-TV-Z]{26}$" } },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", format: "int32", minimum: 0, maximum: 86400 } },
  "Idempotent-Replayed": { description: "`true` when this is the stored answer of an earlier request with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
  Location: { description: "The URL of the object just created (`/v1/alerts/alrt_…`, `/v1/reports/rpt_…`).", schema: { type: "string", maxLength: 200 } },
  "Content-Disposition": { description: "`attachment` for csv, `inline` for json and html, with the file name `rpt_…-<type>.<format>`.", schema: { type: "string", maxLength: 200 } },
  "WWW-Authenticate": { description: "`Bearer realm=\"assay\"`, the RFC 6750 error and where the signature goes.", schema: { type: "string", maxLength: 500 } },
};

const PARAMETERS: Json = {
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description: "Makes a retry safe: the first answer is stored for `idempotency.retention_h` (24 h) and replayed for the same key and request.",
    schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7E]+$" },
  },
  ServiceTimestamp: {
    name: "X-Service-Timestamp",
    in: "header",
    required: false,
    description: "Unix seconds; the signature then covers `<timestamp>.<body>` (replay protection). Required when `security.signature.timestamp: required`.",
    schema: { type: "string", maxLength: 12, pattern: "^[0-9]{1,12}$" },
  },
};

const PROBLEM_SCHEMA = {
  type: "object",
  description: "RFC 9457 problem details. `code` is stable; `type` resolves to a page explaining the code.",
  required: ["type", "title", "status", "detail", "code", "request_id"],
  properties: {
    type: { type: "string", format: "uri-reference", maxLength: 100, description: "`/problems/<code>`: served by this server" },
    title: { type: "string", maxLength: 100 },
    status: { type: "integer", format: "int32", minimum: 400, maximum: 599 },
    detail: { type: "string", maxLength: 2000 },
    code: { type: "string", enum: Object.keys(PROBLEMS) },
    request_id: { type: "string", maxLength: 40, pattern: "^req_[0-9A-HJKMNP-TV-Z]{26}$" },
    errors: {
      type: "array",
      maxItems: 100,
      description: "Field problems, by JSON pointer (`/query/…` for query parameters).",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: { path: { type: "string", maxLength: 300 }, message: { type: "string", maxLength: 500 } },
      },
    },
    valid_values: { type: "array", maxItems: 1000, items: { type: "string", maxLength: 100 }, description: "For unknown_connector / unknown_module: the accepted values." },
  },
};

/**
 * The problem codes a route can answer, by status: every /v1 route shares the base set.
 * `takesQuery`: the route declares query parameters, so a bad or unknown one is 422 (read from
 * the route's own schema, so a new list cannot be left out).
 */
export function problemCodesFor(method: string, path: string, takesQuery = false): ProblemCode[] {
  const codes: ProblemCode[] = ["missing_api_key", "invalid_api_key", "missing_signature", "invalid_signature", "stale_timestamp", "replayed_request", "rate_limited", "internal_error", "storage_unavailable", "shutting_down", "invalid_request"];
  const hasBody = method === "post" || method === "patch";
  if (hasBody) codes.push("malformed_json", "unsupported_media_type", "payload_too_large", "validation_failed");
  if (takesQuery) codes.push("validation_failed");
  if (path.includes("{id}")) codes.push("not_found");
  if (method === "post") codes.push("idempotency_in_progress", "idempotency_key_reused");
  if (path === "/v1/alerts/{id}" && method === "patch") codes.push("invalid_state_transition");
  if (path === "/v1/reports/{id}/content") codes.push("invalid_state_transition", "range_not_satisfiable");
  if (path === "/v1/analyze") codes.push("unknown_connector", "unknown_module", "transaction_not_found", "connector_unavailable", "connector_timeout", "forbidden");
  // A connector restricted by `accounts:` is 403 to other accounts wherever it is named (docs/api.md).
  if (path === "/v1/reports" && method === "post") codes.push("unknown_connector", "unknown_module", "forbidden");
  if (path === "/v1/alerts" && method === "post") codes.push("unknown_connector", "forbidden");
  if (path === "/v1/connectors/{id}/status") codes.push("connector_unavailable", "connector_timeout", "forbidden");
  return [...new Set(codes)];
}

function headerRefs(names: string[]): Json {
  return Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
}

function errorResponses(codes: ProblemCode[], withRateLimit: boolean): Json {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) byStatus.set(PROBLEMS[code][0], [...(byStatus.get(PROBLEMS[code][0]) ?? []), code]);
  const out: Json = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const headers = ["Request-Id", ...(withRateLimit && status !== 401 && status < 500 ? RATE_LIMIT_HEADERS : [])];
    if (status === 429 || status === 503 || list.includes("idempotency_in_progress")) headers.push("Retry-After");
    if (status === 401) headers.push("WWW-Authenticate");
    out[String(status)] = {
      description: list.map((c) => `\`${c}\` (${PROBLEMS[c][1]}): ${PROBLEMS[c][2]}`).join("\n\n"),
      headers: headerRefs(headers),
      content: {
        "application/problem+json": {
          schema: { allOf: [{ $ref: "#/components/schemas/Problem" }, { type: "object", properties: { code: { type: "string", enum: list } } }] },
        },
      },
    };
  }
  // 401s carry no rate-limit headers (the caller is unknown); OWASP's rate-limit rule wants them
  // on every 4XX, so it is relaxed for 401 in .spectral.mjs (docs/api.md).
  return out;
}

/**
 * Bounds the generator leaves open. In a response: what the server can emit. In a request body:
 * no string can be longer than the body (server.max_body_bytes, 1 MiB by default). Elysia's
 * numeric fields (`anyOf: [numeric string, number]`) are documented as the number they are in JSON.
 */
function boundSchema(node: unknown, maxString: number, key = ""): void {
  if (Array.isArray(node)) {
    for (const n of node) boundSchema(n, maxString, key);
    return;
  }
  if (!node || typeof node !== "object") return;
  const s = node as Json;
  const numericString = (b: Json) => b?.type === "string" && (b.format === "integer" || b.format === "numeric");
  if (Array.isArray(s.anyOf) && s.anyOf.length === 2 && s.anyOf.some(numericString)) {
    const [stringBranch, numberBranch] = numericString(s.anyOf[0]) ? s.anyOf : [s.anyOf[1], s.anyOf[0]];
    delete s.anyOf;
    // Elysia's numeric default of 0 is a placeholder, not a value the field accepts when it has a minimum.
    const fallback = stringBranch.default;
    const keep = fallback !== undefined && !(numberBranch.minimum !== undefined && fallback < numberBranch.minimum);
    Object.assign(s, numberBranch, keep ? { default: fallback } : {});
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes("string") && s.maxLength === undefined && s.enum === undefined && s.const === undefined) s.maxLength = maxString;
  if (types.includes("integer")) {
    s.format ??= s.maximum !== undefined && s.maximum <= 2147483647 ? "int32" : "int64";
    s.minimum ??= 0;
    s.maximum ??= Number.MAX_SAFE_INTEGER;
  }
  if (types.includes("array") && s.maxItems === undefined) s.maxItems = key === "data" ? 100 : key === "anomalies" ? 10000 : 1000;
  for (const [k, v] of Object.entries(s)) {
    if (k === "properties" && v && typeof v === "object") for (const [name, child] of Object.entries(v)) boundSchema(child, maxString, name);
    else if (typeof v === "object") boundSchema(v, maxString, k === "items" || k === "anyOf" || k === "oneOf" || k === "allOf" ? key : k);
  }
}

const REPORT_CONTENT = {
  "application/json": { schema: { type: "object", description: "The report as JSON (format json)." } },
  "text/csv": { schema: { type: "string", maxLength: 1073741824, description: "The report as CSV (format csv): one header row, plain values." } },
  "text/html": { schema: { type: "string", maxLength: 1073741824, description: "The report as a self-contained HTML page (format html)." } },
};

/** Fills in the generated document (mutates and returns it). */
export function completeDocument(doc: Json): Json {
  doc.servers = [
    {
      url: "https://{host}",
      description: "Any Assay deployment (production, staging, …): each server publishes this document for itself at /docs/json. Serve it over TLS (server.tls or a reverse proxy, docs/deployment.md).",
      variables: { host: { default: "assay.internal:8443", description: "host and port of your Assay server" } },
      "x-internal": true,
    },
  ];
  doc.tags = TAGS;
  doc.info.license = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };
  doc.info.contact = { name: "Assay operators", url: "https://assay.internal/problems" };
  doc.components.schemas = { ...doc.components.schemas, Problem: PROBLEM_SCHEMA };
  doc.components.headers = HEADERS;
  doc.components.parameters = PARAMETERS;

  for (const [path, ops] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(ops)) {
      op.description ??= op.summary;
      for (const response of Object.values(op.responses ?? {}) as Json[]) {
        for (const media of Object.values(response.content ?? {}) as Json[]) boundSchema(media.schema, 65536);
      }
      for (const media of Object.values(op.requestBody?.content ?? {}) as Json[]) boundSchema(media.schema, 1048576);
      for (const p of (op.parameters ?? []) as Json[]) boundSchema(p.schema, 100);
      if (path === "/livez") {
        op.security = [];
        op.responses = {
          "200": { description: "The process is up (no detail, no authentication).", content: { "text/plain": { schema: { type: "string", enum: ["ok\n"] } } } },
          ...errorResponses(["shutting_down"], false),
        };
        continue;
      }
      for (const p of (op.parameters ?? []) as Json[]) {
        if (p.in === "query" && p.name === "limit") {
          p.schema = { type: "integer", format: "int32", minimum: 1, maximum: 100, default: 20 };
          p.description = "Page size, 1-100 (default 20).";
        }
        delete p.schema?.examples;
      }
      op.parameters = [...(op.parameters ?? []), { $ref: "#/components/parameters/ServiceTimestamp" }];
      if (method === "post") op.parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
      for (const [status, response] of Object.entries(op.responses ?? {}) as [string, Json][]) {
        if (!status.startsWith("2")) continue;
        response.description = response.description?.startsWith("Response for status") ? "Success." : response.description;
        const created = status === "201" || status === "202" ? ["Location"] : [];
        response.headers = { ...response.headers, ...headerRefs(["Request-Id", ...RATE_LIMIT_HEADERS, ...(method === "post" ? ["Idempotent-Replayed"] : []), ...created]) };
      }
      if (path === "/v1/reports/{id}/content") {
        op.responses["200"].content = REPORT_CONTENT;
        op.responses["200"].headers = { ...op.responses["200"].headers, ...headerRefs(["Content-Disposition"]) };
      }
      for (const [status, response] of Object.entries(errorResponses(problemCodesFor(method, path, (op.parameters ?? []).some((p: Json) => p.in === "query")), true))) {
        const own = op.responses[status];
        // A status the route documents itself (health's 503 body) keeps its content beside the problem.
        op.responses[status] = own ? { ...response, description: `${own.description}\n\n${response.description}`, content: { ...own.content, ...response.content } } : response;
      }
    }
  }
  return doc;
}
