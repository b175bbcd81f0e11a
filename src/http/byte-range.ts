// The one Range a file answer cannot serve. Bun answers the ranges of a file body itself (206 with
// the bytes, or a whole file for a header it does not take), but a range that starts at or past
// the end was its bare 416: an empty body under the file's content type, no problem, logged 200.
// Knowing that case first lets the route answer it as a problem like every other refusal.

const SINGLE_RANGE = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * True when `header` asks for one byte range a file of `size` bytes cannot serve (RFC 9110
 * §14.1.2): a first byte at or past the end, or the last 0 bytes. A malformed header, or several
 * ranges, is not an unsatisfiable one: it is ignored and the whole file sent.
 */
export function unsatisfiableRange(header: string | null, size: number): boolean {
  const m = header ? SINGLE_RANGE.exec(header) : null;
  if (!m) return false;
  const [, first, last] = m;
  if (first === "" && last === "") return false;
  if (first === "") return Number(last) === 0;
  if (last !== "" && Number(last) < Number(first)) return false;
  return Number(first) >= size;
}
