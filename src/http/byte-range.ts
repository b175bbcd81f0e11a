// A report file's answer to a `Range` header, decided by Assay rather than left to Bun. Bun
// answers a file body's ranges itself, after the route returned its 200: the one it cannot serve
// (a first byte at or past the end) was its bare 416 — an empty body under the file's content
// type, no problem — and the ones it serves reached the client as 206 while the access log and
// metrics counted 200 (tenth and eleventh attack passes). Here the route knows which answer it
// gives: 206 with the part (Bun leaves a 206 as it is), the whole file, or a refusal.

const SINGLE_RANGE = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/** What one `Range` header asks of a file: its whole, a part (inclusive bounds), or nothing it has. */
export type RangeAsked = { kind: "whole" } | { kind: "unsatisfiable" } | { kind: "part"; first: number; last: number };

const WHOLE: RangeAsked = { kind: "whole" };

/**
 * The range a request's `Range` header asks of a file of `size` bytes (RFC 9110 §14.1.2): one
 * range within it is a part (a last byte past the end, or a suffix longer than the file, is cut to
 * the file); a first byte at or past the end, or the last 0 bytes, is unsatisfiable; a malformed
 * header, a range whose last byte is before its first, or several ranges, ask for the whole file
 * (as Bun does). So does any `If-Range` (§13.1.5): a report's file is sent with no ETag or
 * Last-Modified, so no validator a client holds can match it.
 */
export function rangeOf(headers: Headers, size: number): RangeAsked {
  const header = headers.get("range");
  if (header === null || headers.has("if-range")) return WHOLE;
  const m = SINGLE_RANGE.exec(header);
  if (!m) return WHOLE;
  const [, first, last] = m;
  if (first === "" && last === "") return WHOLE;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return { kind: "unsatisfiable" };
    return size === 0 ? WHOLE : { kind: "part", first: Math.max(0, size - suffix), last: size - 1 };
  }
  if (last !== "" && Number(last) < Number(first)) return WHOLE;
  if (Number(first) >= size) return { kind: "unsatisfiable" };
  return { kind: "part", first: Number(first), last: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/** The file at `path` (of `size` bytes) as its whole (200) or the part asked (206 with Content-Range). */
export function fileAnswer(path: string, size: number, range: RangeAsked, headers: Record<string, string>): Response {
  // Accept-Ranges tells a client it may resume the download with a Range (RFC 9110 §14.3).
  const all = { ...headers, "accept-ranges": "bytes" };
  if (range.kind !== "part") return new Response(Bun.file(path), { headers: all });
  return new Response(Bun.file(path).slice(range.first, range.last + 1), {
    status: 206,
    headers: { ...all, "content-range": `bytes ${range.first}-${range.last}/${size}` },
  });
}
