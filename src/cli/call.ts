// `assay call METHOD PATH [--data JSON|@file]`: sends a signed request to a running server and
// prints the response. Reads ASSAY_URL (default http://127.0.0.1:8080), ASSAY_API_KEY and
// ASSAY_API_SECRET. Exit 0 for 2xx, 1 otherwise. `--scope request` (or ASSAY_SIGNATURE_SCOPE)
// signs for a server with security.signature.scope: request; `--config FILE` (or ASSAY_CONFIG)
// reads the server's address, scope and timestamp rule from its config file instead.
import { readAtMost } from "../domain/bounded-read.ts";
import { requestSigningString, signHex } from "../auth/signature.ts";
import { type AssayConfig, loadConfig } from "../config/load.ts";
import { type CliIO, cliConfigPath, credential, UsageError } from "./common.ts";
import { type Args, CodedFailure } from "./framework.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export async function call(a: Args, io: CliIO) {
  const method = a.positionals[0]!.toUpperCase();
  if (!METHODS.includes(method)) throw new UsageError(`METHOD: expected one of ${METHODS.join(", ")} (got "${a.positionals[0]}")`);
  const path = a.positionals[1]!;
  if (!path.startsWith("/")) throw new UsageError(`PATH: must start with / (e.g. /v1/health; got "${path}")`);
  if (!io.env.ASSAY_API_KEY || !io.env.ASSAY_API_SECRET) throw new UsageError("set ASSAY_API_KEY and ASSAY_API_SECRET (printed by `assay keys create` or `assay demo`)");
  const key = credential(io.env.ASSAY_API_KEY, "ASSAY_API_KEY");
  const secret = credential(io.env.ASSAY_API_SECRET, "ASSAY_API_SECRET");
  // The server's own config, when named (a client machine has none: it is never looked for).
  // A --config flag beats the environment's ASSAY_URL and ASSAY_SIGNATURE_SCOPE; $ASSAY_CONFIG does not.
  const named = a.string("config");
  const configFile = named ?? io.env.ASSAY_CONFIG;
  if (configFile === "") cliConfigPath(named, io.env); // an empty one is a usage error, as for every command
  const server = configFile === undefined ? undefined : serverOf(loadConfig(configFile, io.env));
  const fromFlag = named !== undefined ? server : undefined;
  const base = (a.string("url") ?? fromFlag?.url ?? io.env.ASSAY_URL ?? server?.url ?? "http://127.0.0.1:8080").replace(/\/$/, "");
  if (!/^https?:\/\/[^/]+/.test(base)) throw new UsageError(`--url: expected http://HOST:PORT or https://HOST:PORT (got "${base}")`);

  const body = readBody(a.string("data"));
  // The request scope (security.signature.scope: request) signs timestamp, method, path and body.
  const scope = a.string("scope") ?? fromFlag?.scope ?? io.env.ASSAY_SIGNATURE_SCOPE ?? server?.scope ?? "body";
  if (scope !== "body" && scope !== "request") throw new UsageError(`--scope: expected body or request (got "${scope}")`);
  const timestamp = a.flag("timestamp") || scope === "request" || server?.timestampRequired ? String(Math.floor(Date.now() / 1000)) : undefined;
  const signature = scope === "request" ? signHex(secret, requestSigningString(timestamp!, method, path, body)) : signHex(secret, body, timestamp);
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, "x-service-signature": signature };
  if (timestamp) headers["x-service-timestamp"] = timestamp;
  if (body) headers["content-type"] = "application/json";
  const idempotencyKey = a.string("idempotency-key");
  if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;

  let response: Response;
  try {
    response = await fetch(base + path, { method, headers, body: body || undefined });
  } catch (e) {
    throw new CodedFailure("connection_failed", connectionAdvice(base, e as Error & { code?: string }));
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  if (a.json) {
    io.out(JSON.stringify({ status: response.status, headers: Object.fromEntries(response.headers), body: parsed }));
  } else {
    if (a.flag("include")) io.out([`HTTP ${response.status}`, ...[...response.headers].map(([k, v]) => `${k}: ${v}`), ""].join("\n"));
    const pretty = typeof parsed === "string" ? parsed : JSON.stringify(parsed, null, 2);
    if (response.ok) io.out(pretty);
    else io.err(pretty);
  }
  return response.ok ? 0 : 1;
}

/** What a client needs of a server's config: where it listens and how it wants requests signed. */
function serverOf(config: AssayConfig): { url: string; scope: string; timestampRequired: boolean } {
  const { host, port, tls } = config.server;
  // A server listening on every interface is reached on this machine's loopback.
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
  return {
    url: `${tls ? "https" : "http"}://${reachable}:${port}`,
    scope: config.security.signature.scope,
    timestampRequired: config.security.signature.timestamp === "required",
  };
}

/**
 * The most `--data @FILE` reads: far above any body a server takes (server.max_body_bytes, 1 MiB
 * by default). Read whole, `@/dev/zero` ran until memory ran out (bounded-read.ts).
 */
const MAX_DATA_FILE_BYTES = 64 * 1024 * 1024;

function readBody(data: string | undefined): string {
  if (data === undefined) return "";
  let body = data;
  if (data.startsWith("@")) {
    const file = data.slice(1);
    let bytes: Buffer;
    try {
      bytes = readAtMost(file, MAX_DATA_FILE_BYTES);
    } catch (e) {
      throw new UsageError(`--data: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    if (bytes.length > MAX_DATA_FILE_BYTES) throw new UsageError(`--data: ${file} is more than 64 MiB; no server takes a body that large`);
    body = bytes.toString("utf8");
  }
  try {
    JSON.parse(body);
  } catch {
    throw new UsageError(`--data: not valid JSON${data.startsWith("@") ? ` in ${data.slice(1)}` : ""}`);
  }
  return body;
}

/** Which URL failed, why in plain words, and what to check. */
export function connectionAdvice(base: string, e: Error & { code?: string }): string {
  const why = `${e.code ?? ""} ${e.message}`;
  let hint = "check that `assay serve` is running there, and ASSAY_URL or --url (host, port, http vs https)";
  if (/ECONNREFUSED|Unable to connect|ConnectionRefused/i.test(why)) hint = "nothing is listening there: start the server (`assay serve`) or fix ASSAY_URL / --url (host and port)";
  else if (/ENOTFOUND|EAI_AGAIN|resolve|DNS/i.test(why)) hint = "the host name does not resolve: check the host in ASSAY_URL / --url";
  else if (/CERT|certificate|TLS|SSL/i.test(why)) hint = "the TLS handshake failed: check the certificate (server.tls) or use http:// for a server without TLS";
  else if (/timed? ?out|ETIMEDOUT/i.test(why)) hint = "the server did not answer in time: check the address, firewalls and proxies";
  return `cannot reach ${base} (${e.code ?? e.message}): ${hint}`;
}
