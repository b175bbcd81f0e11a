// The API reference, served from the binary itself: the OpenAPI 3.1 document generated from the
// route schemas at /docs/json, and Swagger UI's files embedded at build time at /docs. No CDN,
// fonts, telemetry or other network access: the appliance is often air-gapped.
import type { AnyElysia } from "elysia";
import { Elysia } from "elysia";
import uiBundle from "../../node_modules/swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import uiCss from "../../node_modules/swagger-ui-dist/swagger-ui.css" with { type: "file" };
import { VERSION } from "../version.ts";
import { completeDocument } from "./openapi.ts";

const INIT = `window.ui = SwaggerUIBundle({ url: "/docs/json", dom_id: "#ui", deepLinking: true,
  validatorUrl: null, tryItOutEnabled: false, supportedSubmitMethods: [] });`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Assay API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>${INIT}</script>
</body></html>`;

/**
 * The page shares its origin with the dashboard, so it gets the same protections: scripts only
 * from /docs/assets and the one inline call above (by its hash), no framing, no sniffing. Swagger
 * UI sets style attributes, hence 'unsafe-inline' for styles only.
 */
export const DOCS_HEADERS: Record<string, string> = {
  "content-security-policy": `default-src 'none'; script-src 'self' 'sha256-${new Bun.CryptoHasher("sha256").update(INIT).digest("base64")}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

const SECURITY_NOTE = `Every /v1 request carries \`Authorization: Bearer <API_KEY>\` and
\`X-Service-Signature\`: HMAC-SHA256 of the exact request body bytes (the empty string when there is
no body), keyed with the API secret, in hex, base64 or base64url, optionally prefixed \`sha256=\`.
With \`X-Service-Timestamp: <unix seconds>\` the signature covers \`<timestamp>.<body>\`.
Errors are RFC 9457 \`application/problem+json\` with a stable \`code\`.`;

/**
 * The OpenAPI document of `app`, generated from its route schemas. Every request body is JSON
 * (the pipeline's own parser reads the raw bytes for the signature, which the generator cannot
 * recognise, so routes are presented to it as using the JSON parser).
 */
export async function openApiDocument(app: AnyElysia) {
  // Loaded on first use: the generator is only needed for /docs/json, not to start serving.
  const { toOpenAPISchema } = await import("@elysiajs/openapi");
  // The generator reads these two (protected) accessors of the app, nothing else.
  const source = app as unknown as { getGlobalDefinitions?(): unknown; getGlobalRoutes(): { hooks?: object }[] };
  const view = {
    getGlobalDefinitions: () => source.getGlobalDefinitions?.(),
    getGlobalRoutes: () => source.getGlobalRoutes().map((route) => ({ ...route, hooks: { ...route.hooks, parse: [{ fn: "json" }] } })),
  } as unknown as AnyElysia;
  const { paths, components } = toOpenAPISchema(view, undefined, undefined, undefined, "3.1.0");
  return completeDocument({
    openapi: "3.1.0",
    info: { title: "Assay API", version: VERSION, description: SECURITY_NOTE },
    paths,
    components: {
      ...components,
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API_KEY>" },
        signature: { type: "apiKey", in: "header", name: "X-Service-Signature", description: "HMAC-SHA256 of the raw body" },
      },
    },
    security: [{ apiKey: [], signature: [] }],
  });
}

/** /docs (Swagger UI, embedded) and /docs/json (the document of the app `getApp` returns). */
export function docsRoutes(getApp: () => AnyElysia) {
  let document: string | undefined;
  return new Elysia({ name: "assay.docs" })
    .get(
      "/docs/json",
      async () => new Response((document ??= JSON.stringify(await openApiDocument(getApp()))), { headers: { "content-type": "application/json" } }),
      { detail: { hide: true } },
    )
    .get("/docs", () => new Response(PAGE, { headers: { ...DOCS_HEADERS, "content-type": "text/html; charset=utf-8" } }), {
      detail: { hide: true },
    })
    .get("/docs/assets/swagger-ui-bundle.js", () => new Response(Bun.file(uiBundle), { headers: { "x-content-type-options": "nosniff", "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" } }), { detail: { hide: true } })
    .get("/docs/assets/swagger-ui.css", () => new Response(Bun.file(uiCss), { headers: { "x-content-type-options": "nosniff", "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=86400" } }), { detail: { hide: true } });
}
