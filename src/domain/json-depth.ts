// JSON nested deeper than a limit is refused before it is parsed, wherever it comes from (a
// client's body, a connector's source): recursive parsing, validation and JSON.stringify would
// exhaust the stack — and reaching the stack's end is slow: JSON.stringify of one 200,000-deep
// array blocked the event loop for 1.8 s before its RangeError.

/** The deepest nesting allowed in JSON Assay reads. */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in JSON text, stopping early past `limit`. */
export function jsonDepth(bytes: Uint8Array, limit: number): number {
  return jsonShape(bytes, limit).depth;
}

/**
 * The deepest nesting of arrays and objects in JSON text, stopping early past `limit`, and its
 * members (key: value pairs — its colons outside strings; counted only up to where it stopped):
 * one pass for both, as a request body needs both.
 */
export function jsonShape(bytes: Uint8Array, limit: number): { depth: number; members: number } {
  let depth = 0;
  let deepest = 0;
  let members = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x3a) members++;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return { depth: deepest, members };
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return { depth: deepest, members };
}
