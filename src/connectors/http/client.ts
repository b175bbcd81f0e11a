// A careful JSON GET for the HTTP connector: destination checked before every hop (ssrf.ts),
// redirects followed only within the same origin and only `max_redirects` times, a timeout per
// attempt covering headers and body, a hard cap on response bytes (a flooding source costs at
// most that much memory), and retries with exponential backoff on network errors, timeouts,
// 5xx and 429. Credentials go only in headers and never into messages or logs.
import type { ApiError } from "../../domain/errors.ts";
import { jsonDepth, MAX_JSON_DEPTH } from "../../domain/json-depth.ts";
import { connectorTimeout, connectorUnavailable } from "../errors.ts";
import { pinnableDestination, type Resolver } from "./ssrf.ts";
import { pinnedFetch } from "./pinned-fetch.ts";

export interface HttpClientSettings {
  connectorId: string;
  timeoutMs: number;
  maxBytes: number;
  retries: number;
  backoffMs: number;
  maxRedirects: number;
  allowHosts: readonly string[];
  headers: Record<string, string>;
  resolve?: Resolver;
}

/** The decoded JSON body, or null for 404 (the source does not have it). */
export async function getJson(url: URL, s: HttpClientSettings, signal?: AbortSignal): Promise<unknown | null> {
  let lastError: ApiError | undefined;
  for (let attempt = 0; attempt <= s.retries; attempt++) {
    if (attempt > 0) await sleep(s.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5), signal);
    signal?.throwIfAborted();
    const outcome = await attemptOnce(url, s, signal);
    if (outcome.ok) return outcome.body;
    lastError = outcome.error;
    if (!outcome.retry) break;
  }
  throw lastError!;
}

type Outcome = { ok: true; body: unknown | null } | { ok: false; error: ApiError; retry: boolean };

async function attemptOnce(start: URL, s: HttpClientSettings, outer?: AbortSignal): Promise<Outcome> {
  const id = s.connectorId;
  const timeout = AbortSignal.timeout(s.timeoutMs);
  const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
  let url = start;
  try {
    for (let hop = 0; ; hop++) {
      // Connect to the address just checked, not to a fresh resolution of the name (DNS rebinding).
      const address = await pinnableDestination(id, url, s.allowHosts, s.resolve);
      const response = await pinnedFetch(url, address, { headers: s.headers, redirect: "manual", signal });
      if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
        await response.body?.cancel().catch(() => {});
        const next = new URL(response.headers.get("location")!, url);
        if (next.origin !== url.origin) return fail(connectorUnavailable(id, "the source redirected to another origin, which is refused"), false);
        if (hop >= s.maxRedirects) return fail(connectorUnavailable(id, "the source redirected too many times"), false);
        url = next;
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel().catch(() => {});
        return { ok: true, body: null };
      }
      if (response.status >= 400) {
        await response.body?.cancel().catch(() => {});
        const retry = response.status >= 500 || response.status === 429;
        const why = response.status === 401 || response.status === 403 ? "the source refused the credentials" : `the source answered HTTP ${response.status}`;
        return fail(connectorUnavailable(id, why), retry);
      }
      const bytes = await readCapped(response, s.maxBytes);
      if (bytes === undefined) return fail(connectorUnavailable(id, `the response is larger than max_response_bytes (${s.maxBytes})`), false);
      // A source's JSON is no more trusted than a client's: what is nested past the limit would
      // cost seconds of the thread that answers every request once mapped (JSON.stringify of a
      // nested field runs into the stack's end slowly), so it is refused unparsed.
      if (jsonDepth(bytes, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
        return fail(connectorUnavailable(id, `the source returned JSON nested deeper than ${MAX_JSON_DEPTH} levels`), false);
      }
      try {
        return { ok: true, body: JSON.parse(new TextDecoder().decode(bytes)) };
      } catch {
        return fail(connectorUnavailable(id, "the source returned a body that is not JSON"), true);
      }
    }
  } catch (e) {
    if ((e as ApiError).code === "connector_unavailable") return fail(e as ApiError, false);
    if (timeout.aborted) return fail(connectorTimeout(id, s.timeoutMs), true);
    if (outer?.aborted) throw e;
    return fail(connectorUnavailable(id, "the source is not reachable"), true);
  }
}

const fail = (error: ApiError, retry: boolean): Outcome => ({ ok: false, error, retry });

/** The body's bytes, or undefined as soon as it exceeds `max` bytes (the rest is not read). */
async function readCapped(response: Response, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
