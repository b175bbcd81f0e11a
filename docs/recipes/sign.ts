// Signed requests with fetch and WebCrypto (docs/signing.md): runs as is in Bun; sign() is plain
// WebCrypto, the same in Node, Deno and browsers. Reads ASSAY_URL, ASSAY_API_KEY and ASSAY_API_SECRET.
// Run by test/docs/signing-recipes.test.ts against a real server.
const url = process.env.ASSAY_URL ?? "http://127.0.0.1:8080";
const apiKey = process.env.ASSAY_API_KEY!;
const secret = process.env.ASSAY_API_SECRET!;

/** HMAC-SHA256 of `payload`, keyed with the secret, as lower-case hex. */
async function sign(payload: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(payload)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Sends `body` (a string: the exact bytes that are signed) with an optional timestamp. */
async function call(method: string, path: string, body = "", timestamped = false): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
  let payload = body;
  if (timestamped) {
    const ts = String(Math.floor(Date.now() / 1000));
    headers["X-Service-Timestamp"] = ts;
    payload = `${ts}.${body}`;
  }
  headers["X-Service-Signature"] = await sign(payload);
  if (body) headers["Content-Type"] = "application/json";
  return fetch(url + path, { method, headers, body: body || undefined });
}

const health = await call("GET", "/v1/health");
console.log(`GET /v1/health -> ${health.status}`);
// Serialise once and send that very string: re-serialising would change the signed bytes.
const body = JSON.stringify({
  connector: "inline",
  module: "revenue_leakage",
  data: { transaction_id: "INV-1001", currency: "USD", lines: [{ sku: "SKU-1", quantity: 10, unit_price: 80, list_price: 100 }] },
});
const analyze = await call("POST", "/v1/analyze", body, true);
console.log(`POST /v1/analyze (timestamped) -> ${analyze.status}`);
process.exit(health.ok && analyze.ok ? 0 : 1);
