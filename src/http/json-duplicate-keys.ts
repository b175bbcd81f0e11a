// A key given twice in one JSON object of a request body. JSON.parse keeps the last value
// silently, and parsers disagree (RFC 8259 §4: names SHOULD be unique; some keep the first, some
// refuse): PATCH {"status":"open","status":"resolved"} resolved an alert that a gateway, an audit
// log or the client itself could read as reopened — from the very bytes the signature covers.
// Such a body is refused with the key's JSON pointer instead.
//
// The check is cheap where there is nothing to find: the members of the text (its colons outside
// strings: one per key and value, counted by jsonShape in the pass that bounds the nesting) are
// compared with the keys of the parsed value. Only a body where they differ is read again, to name
// the key.

/** Own keys of every object in a parsed JSON value (nesting is bounded before parsing). */
export function keyCount(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) n += keyCount(value[i]);
    return n;
  }
  const record = value as Record<string, unknown>;
  // for…in: no array of keys per object. JSON.parse makes plain objects, whose prototype has no
  // enumerable members, and a "__proto__" key is an own property of them.
  for (const key in record) {
    n++;
    const member = record[key];
    if (member !== null && typeof member === "object") n += keyCount(member);
  }
  return n;
}

const pointerPart = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The JSON pointer of the first key given twice in one object of `text` (valid JSON), or
 * undefined. Keys compare as decoded ("a" and "\u0061" are one key, as JSON.parse reads them).
 */
export function firstDuplicateKey(text: string): string | undefined {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  /** Index just past the string that starts at `i`. */
  const stringEnd = (start: number) => {
    let j = start + 1;
    while (text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
    return j + 1;
  };
  const value = (path: string): string | undefined => {
    skipSpace();
    const c = text[i];
    if (c === "{") {
      i++;
      const keys = new Set<string>();
      skipSpace();
      if (text[i] === "}") return void i++;
      while (true) {
        skipSpace();
        const end = stringEnd(i);
        const key = JSON.parse(text.slice(i, end)) as string;
        i = end;
        const at = `${path}/${pointerPart(key)}`;
        if (keys.has(key)) return at;
        keys.add(key);
        skipSpace();
        i++; // the colon
        const found = value(at);
        if (found) return found;
        skipSpace();
        if (text[i++] === "}") return undefined;
      }
    }
    if (c === "[") {
      i++;
      skipSpace();
      if (text[i] === "]") return void i++;
      for (let index = 0; ; index++) {
        const found = value(`${path}/${index}`);
        if (found) return found;
        skipSpace();
        if (text[i++] === "]") return undefined;
      }
    }
    if (c === '"') i = stringEnd(i);
    else while (i < text.length && !",]} \t\n\r".includes(text[i]!)) i++; // a number, true, false, null
    return undefined;
  };
  return value("");
}
