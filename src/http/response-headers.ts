// The headers of the fast path's answers, built through one kept Headers object instead of a
// plain object per request. `new Response(body, { headers })` copies its headers either way, but
// from a plain object Bun converts every name and value again on each call (with 7–8 headers the
// Response took 2.3–2.8 µs in a loop, against 1.5 µs this way; docs/benchmarks.md), while from a
// Headers object it copies one native table. From one request to the next only a few values
// change (the request id, the remaining counts); the others (policy, limit, reset, content type)
// are set again only when they differ.
// Responses are built synchronously, one at a time, so one kept object serves every request.

export class ResponseHeaders {
  private readonly headers = new Headers();
  /** The names and values the kept object holds now, in the order they were set. */
  private names: string[] = [];
  private values: string[] = [];

  /**
   * A Headers object holding exactly `fields` (lower-case names, as the pipeline writes them).
   * Valid until the next call: pass it straight to `new Response`, which copies it.
   */
  of(fields: Readonly<Record<string, string>>): Headers {
    const { names, values } = this;
    let i = 0;
    for (const name in fields) {
      if (i >= names.length || names[i] !== name) return this.rebuild(fields);
      const value = fields[name]!;
      if (values[i] !== value) {
        this.headers.set(name, value);
        values[i] = value;
      }
      i++;
    }
    return i === names.length ? this.headers : this.rebuild(fields);
  }

  /** Another set of names (another route, a first answer): start the kept object over. */
  private rebuild(fields: Readonly<Record<string, string>>): Headers {
    for (const name of this.names) this.headers.delete(name);
    this.names = [];
    this.values = [];
    for (const name in fields) {
      const value = fields[name]!;
      this.headers.set(name, value);
      this.names.push(name);
      this.values.push(value);
    }
    return this.headers;
  }
}
