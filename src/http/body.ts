// Reads a request body once, as exact bytes, refusing it past the configured size. The bytes are
// what the signature covers; JSON is decoded from them only after the caller is authenticated.
import { ApiError } from "../domain/errors.ts";
import { jsonShape, MAX_JSON_DEPTH } from "../domain/json-depth.ts";
import { firstDuplicateKey, keyCount } from "./json-duplicate-keys.ts";
import { parseJsonKeepingNumbers } from "./json-numbers.ts";
import { bodySource } from "./request-state.ts";

const EMPTY = new Uint8Array(0);

export function tooLarge(max: number, headers?: Record<string, string>): ApiError {
  return new ApiError("payload_too_large", `the request body is larger than ${max} bytes`, headers ? { headers } : undefined);
}

/** Refuses a declared Content-Length over the limit before a byte is read. */
export function checkDeclaredLength(request: Request, max: number) {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > max) throw tooLarge(max);
}

/**
 * A GET or HEAD that carries a body (a Content-Length above 0, or chunked) is refused: Bun frames
 * it but hands the handler no body for these methods, so its signature could only be checked
 * against the empty string — the wrong signature would pass and the right one fail (twelfth
 * attack pass). Refused before authentication, like a body too large: nothing is judged of it.
 */
export function refuseBodyOnGet(request: Request): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const length = request.headers.get("content-length");
  if ((length !== null && length !== "0" && Number(length) !== 0) || request.headers.has("transfer-encoding")) {
    throw new ApiError("invalid_request", `a ${request.method} request carries no body: its signature could not cover it; send parameters in the query string`);
  }
}

export async function readBodyBytes(routed: Request, max: number): Promise<Uint8Array> {
  // A GET without Content-Length or Transfer-Encoding has no body (HTTP/1.1 framing); asking the
  // Request for its stream would cost a stream object on every such request.
  if (routed.method === "GET" && !routed.headers.has("content-length") && !routed.headers.has("transfer-encoding")) return EMPTY;
  refuseBodyOnGet(routed);
  const request = bodySource(routed);
  if (!request.body || request.bodyUsed) return EMPTY;
  checkDeclaredLength(request, max);
  // A declared length is at most max (checked above): read whole by Bun.
  if (request.headers.has("content-length")) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.length > max) throw tooLarge(max);
    return bytes;
  }
  return readChunkedUpTo(request.body, max);
}

/**
 * A chunked body (no length declared), read as it arrives and refused as soon as it passes `max`.
 * Read whole by Bun instead, a body that never ended was buffered up to Bun.serve's
 * maxRequestBodySize (server.ts: 4.25 MB by default) and then cut with Bun's own bare 413.
 * The reader hands over one chunk per read while a read waits, and the chunks of a body already
 * received then resolve one after another with no turn of the event loop between them (900 KB in
 * 1-byte chunks held the server ~3.5 s, before authentication). A macrotask between reads lets
 * the chunks that arrive meanwhile be handed over together: the same body takes a few reads.
 */
async function readChunkedUpTo(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array> {
  const reader = body.getReader();
  // One buffer grown by doubling, never past max: a client pacing its chunks gets a read each, and
  // a list of them would hold an object per byte of a body sent one byte at a time.
  let bytes = new Uint8Array(Math.min(max, 65_536));
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > max) {
      reader.cancel().catch(() => {});
      // The rest of the body is not read: the connection cannot carry another request.
      throw tooLarge(max, { connection: "close" });
    }
    if (total + value.byteLength > bytes.length) {
      const bigger = new Uint8Array(Math.min(max, Math.max(bytes.length * 2, total + value.byteLength)));
      bigger.set(bytes.subarray(0, total));
      bytes = bigger;
    }
    bytes.set(value, total);
    total += value.byteLength;
    await Bun.sleep(0);
  }
  return bytes.subarray(0, total);
}

/**
 * Bodies are read as sent (the signature covers those bytes) and nothing is decompressed: a
 * compressed body would otherwise fail as "not valid UTF-8", and a plain one labelled gzip pass
 * as if the label were absent, hiding a client's broken compression from it (RFC 9110 §15.5.16).
 */
function refuseContentEncoding(request: Request) {
  const coding = request.headers.get("content-encoding");
  if (coding === null || coding === "" || /^\s*identity\s*$/i.test(coding)) return;
  throw new ApiError("unsupported_media_type", `send the request body uncompressed, without Content-Encoding (got ${JSON.stringify(coding.slice(0, 40))})`, {
    headers: { "accept-encoding": "identity" },
  });
}

// Shared: decode() without { stream: true } keeps no state between calls, and a decoder made per
// request was ~0.1 µs of its construction.
const UTF8 = new TextDecoder("utf-8", { fatal: true });

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const CHARSET = /;\s*charset\s*=\s*("?[^;\s]*"?)/gi;

/** Decodes an authenticated body: 415 for a non-JSON type or a compressed body, 400 for bytes that are not JSON. */
export function decodeJsonBody(request: Request, bytes: Uint8Array): unknown {
  if (bytes.length === 0) return undefined;
  refuseContentEncoding(request);
  const type = request.headers.get("content-type") ?? "";
  if (!JSON_TYPE.test(type)) {
    throw new ApiError("unsupported_media_type", `send the body as application/json (got ${type ? JSON.stringify(type.slice(0, 80)) : "no Content-Type"})`);
  }
  // JSON is UTF-8 (RFC 8259 §8.1): a body declared in another charset would be read as the wrong
  // text. Every charset parameter counts: with two, parsers disagree on which one does (a gateway
  // reading `charset=utf-8; charset=latin1` by the last would decode the signed bytes as Latin-1).
  if (type.length > 16) {
    for (const [, charset] of type.matchAll(CHARSET)) {
      if (!/^"?utf-?8"?$/i.test(charset!)) throw new ApiError("unsupported_media_type", `send the body as UTF-8 JSON (got charset=${charset!.slice(0, 40)})`);
    }
  }
  const shape = jsonShape(bytes, MAX_JSON_DEPTH);
  if (shape.depth > MAX_JSON_DEPTH) {
    throw new ApiError("malformed_json", `the request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new ApiError("malformed_json", "the request body is not valid UTF-8");
  }
  let parsed: ReturnType<typeof parseJsonKeepingNumbers>;
  try {
    parsed = parseJsonKeepingNumbers(text);
  } catch (e) {
    throw new ApiError("malformed_json", `the request body is not valid JSON: ${(e as Error).message.replace(/^JSON Parse error: /, "")}`);
  }
  // A key given twice: JSON.parse kept one of its values silently (json-duplicate-keys.ts).
  if (parsed.value !== null && typeof parsed.value === "object" && shape.members !== keyCount(parsed.value)) {
    const path = firstDuplicateKey(text);
    if (path !== undefined) {
      throw new ApiError("validation_failed", "the request body gives a key twice in one object (errors[] names it): JSON parsers disagree on which value counts", {
        errors: [{ path, message: "this key is given more than once in its object; send it once" }],
      });
    }
  }
  if (parsed.inexact.length > 0) {
    throw new ApiError("validation_failed", "the request body has a number a double cannot hold exactly (errors[] names it): round it, or send it as a string where the field takes text", { errors: parsed.inexact });
  }
  return parsed.value;
}
