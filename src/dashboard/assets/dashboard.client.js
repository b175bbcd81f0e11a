// Assay dashboard: the only script. Loaded from /dashboard/assets (CSP script-src 'self'); it
// adds confirmations, copy buttons, auto-submitting pickers, live refresh of progress, and the
// playground's in-browser signing. Pages work without it except copy and the playground.
"use strict";

document.addEventListener("submit", (event) => {
  const form = event.target;
  const message = form instanceof HTMLFormElement ? form.dataset.confirm : undefined;
  if (message && !window.confirm(message)) event.preventDefault();
});

document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest("button[data-copy]") : null;
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  if (!source) return;
  const text = "value" in source ? source.value : source.textContent;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const range = document.createRange();
    range.selectNodeContents(source);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    document.execCommand("copy");
  }
  const label = button.textContent;
  button.textContent = "Copied";
  button.classList.add("copied");
  setTimeout(() => {
    button.textContent = label;
    button.classList.remove("copied");
  }, 1500);
});

document.addEventListener("change", (event) => {
  const el = event.target;
  if (el instanceof HTMLSelectElement && el.hasAttribute("data-autosubmit") && el.form) el.form.requestSubmit();
});

// Pages that show work in progress ask to be refreshed (data-refresh="seconds").
const refresh = document.querySelector("[data-refresh]");
if (refresh) setTimeout(() => window.location.reload(), Number(refresh.getAttribute("data-refresh")) * 1000);

// ---- Playground: HMAC-SHA256 in the browser (WebCrypto); the secret never leaves the page ----
const pg = document.getElementById("playground");
if (pg) {
  const $ = (id) => document.getElementById(id);
  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
  const shellQuote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
  const loadExample = () => {
    const option = $("pg-example").selectedOptions[0];
    $("pg-method").value = option.dataset.method;
    $("pg-path").value = option.dataset.path;
    $("pg-body").value = $(`pg-example-${option.value}`).innerHTML.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  };
  $("pg-example").addEventListener("change", loadExample);
  loadExample();

  async function hmacHex(secret, bytes) {
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return hex(await crypto.subtle.sign("HMAC", key, bytes));
  }

  function commands(o) {
    const lines = [];
    lines.push(`# ASSAY_API_SECRET holds your secret (not shown here)`);
    lines.push(`BODY=${shellQuote(o.body)}`);
    if (o.timestamp) lines.push(`TS=${o.timestamp}   # or TS=$(date +%s) for a fresh request`);
    const signed = o.scope === "request"
      ? `printf '%s\\n%s\\n%s\\n%s' "$TS" ${shellQuote(o.method)} ${shellQuote(o.path)} "$BODY"`
      : o.timestamp
        ? `printf '%s.%s' "$TS" "$BODY"`
        : `printf '%s' "$BODY"`;
    lines.push(`SIG=$(${signed} | openssl dgst -sha256 -hmac "$ASSAY_API_SECRET" | awk '{print $NF}')`);
    lines.push(`# the page computed SIG=${o.signature}`);
    const curl = [`curl -s -X ${o.method} ${shellQuote(o.url)}`, `-H ${shellQuote(`Authorization: Bearer ${o.key}`)}`, `-H "X-Service-Signature: $SIG"`];
    if (o.timestamp) curl.push(`-H "X-Service-Timestamp: $TS"`);
    if (o.body.length) curl.push(`-H 'Content-Type: application/json' --data-binary "$BODY"`);
    lines.push(curl.join(" \\\n  "));
    return lines.join("\n");
  }

  $("pg-send").addEventListener("click", async () => {
    const error = $("pg-error");
    error.hidden = true;
    const method = $("pg-method").value;
    const path = $("pg-path").value.trim();
    const body = method === "GET" ? "" : $("pg-body").value;
    const key = $("pg-key").value.trim();
    const secret = $("pg-secret").value.trim();
    const scope = pg.dataset.scope;
    const fail = (message) => {
      error.textContent = message;
      error.hidden = false;
    };
    if (!path.startsWith("/v1/")) return fail("The path must start with /v1/.");
    if (!key || !secret) return fail("Paste the API key and the API secret.");
    const useTimestamp = $("pg-timestamp").checked;
    const timestamp = useTimestamp ? String(Math.floor(Date.now() / 1000)) : "";
    const bodyBytes = new TextEncoder().encode(body);
    const signing = scope === "request"
      ? new TextEncoder().encode(`${timestamp}\n${method}\n${path}\n${body}`)
      : new TextEncoder().encode(timestamp ? `${timestamp}.${body}` : body);
    let signature;
    try {
      signature = await hmacHex(secret, signing);
    } catch (e) {
      return fail(`Could not sign: ${e.message}`);
    }
    const headers = { authorization: `Bearer ${key}`, "x-service-signature": signature };
    if (timestamp) headers["x-service-timestamp"] = timestamp;
    if (bodyBytes.length) headers["content-type"] = "application/json";
    $("pg-curl").textContent = commands({ method, path, url: location.origin + path, body, key, timestamp, signature, scope });
    $("pg-response").textContent = "Sending…";
    try {
      const started = performance.now();
      const res = await fetch(path, { method, headers, body: bodyBytes.length ? bodyBytes : undefined, credentials: "omit", cache: "no-store" });
      const text = await res.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {}
      const shown = ["request-id", "ratelimit-policy", "ratelimit", "retry-after", "content-type"].filter((h) => res.headers.get(h)).map((h) => `${h}: ${res.headers.get(h)}`);
      $("pg-response").textContent = `HTTP ${res.status} ${res.statusText} (${Math.round(performance.now() - started)} ms)\n${shown.join("\n")}\n\n${pretty}`;
    } catch (e) {
      $("pg-response").textContent = `The request failed: ${e.message}`;
    }
  });
}
