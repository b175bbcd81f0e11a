// The playground: compose a /v1 request, sign it in the browser with a pasted secret (WebCrypto
// HMAC-SHA256; the secret is in no form and is never sent), send it, and show the exact curl +
// openssl commands that reproduce it. The signing itself is in dashboard.client.js.
import { type Ctx, frameOf } from "../context.ts";
import { html } from "../html.ts";
import type { Route } from "../index.ts";
import { page } from "../respond.ts";

const EXAMPLES: [string, string, string][] = [
  ["GET", "/v1/health", ""],
  ["GET", "/v1/connectors", ""],
  ["GET", "/v1/alerts?status=open&limit=5", ""],
  [
    "POST",
    "/v1/analyze",
    JSON.stringify({ connector: "inline", module: "revenue_leakage", data: { transaction_id: "INV-1001", currency: "USD", lines: [{ sku: "SKU-1", quantity: 10, unit_price: 80, list_price: 100 }] } }, null, 2),
  ],
];

function playground(ctx: Ctx): Response {
  const sig = ctx.deps.rt.config.security.signature;
  const body = html`<h1>Playground</h1>
<p class="sub">Compose a request, sign it here in your browser, send it, and copy the <code>curl</code> + <code>openssl</code> commands that do the same.
Your secret is used only by this page's script: it is not in any form and never leaves the browser.</p>
<div class="cols" id="playground" data-scope="${sig.scope}" data-timestamp="${sig.timestamp}">
  <section class="card">
    <h2>Request</h2>
    <div class="field"><label for="pg-example">Example</label>
      <select id="pg-example">${EXAMPLES.map(([m, p], i) => html`<option value="${i}" data-method="${m}" data-path="${p}">${m} ${p}</option>`)}</select></div>
    ${EXAMPLES.map(([, , b], i) => html`<template id="pg-example-${i}">${b}</template>`)}
    <div class="field"><label for="pg-method">Method</label>
      <select id="pg-method"><option>GET</option><option>POST</option><option>PATCH</option></select></div>
    <div class="field"><label for="pg-path">Path</label>
      <input id="pg-path" value="/v1/health" spellcheck="false" autocomplete="off"></div>
    <div class="field"><label for="pg-body">Body (JSON; signed byte for byte)</label>
      <textarea id="pg-body" rows="9" spellcheck="false"></textarea></div>
    <div class="field"><label for="pg-key">API key</label>
      <input id="pg-key" placeholder="ak_…" spellcheck="false" autocomplete="off"></div>
    <div class="field"><label for="pg-secret">API secret</label>
      <input id="pg-secret" type="password" placeholder="sk_… (stays in this page)" spellcheck="false" autocomplete="off"></div>
    <div class="field"><label class="check"><input id="pg-timestamp" type="checkbox"${sig.timestamp === "required" || sig.scope === "request" ? html` checked disabled` : ""}> Send X-Service-Timestamp (then the signature covers <code>${sig.scope === "request" ? "<ts>\\n<METHOD>\\n<path?query>\\n<body>" : "<ts>.<body>"}</code>)</label></div>
    <button type="button" id="pg-send" class="primary">Sign and send</button>
    <p id="pg-error" class="notice error" role="alert" hidden></p>
  </section>
  <section class="card">
    <h2>Response</h2>
    <pre class="out" id="pg-response" aria-live="polite">Nothing sent yet.</pre>
    <h2>The same with curl and openssl <button type="button" data-copy="pg-curl">Copy</button></h2>
    <pre class="out" id="pg-curl">Sign a request to see its commands.</pre>
  </section>
</div>`;
  return page(frameOf(ctx, "Playground", "playground", body));
}

export const playgroundRoutes: Route[] = [{ method: "GET", path: /^\/playground$/, access: "user", handle: playground }];
