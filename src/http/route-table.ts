// Which methods each route path answers: turns an unknown method on a known path into 405 with
// an Allow header instead of a 404.
export class RouteTable {
  private entries: { pattern: RegExp; method: string; path: string }[] = [];
  /** Per method, the routes without parameters (with and without a trailing slash): a lookup, no regex. */
  private statics = new Map<string, Map<string, string>>();

  load(routes: { method: string; path: string }[]) {
    this.entries = routes
      .filter((r) => r.method !== "ALL")
      // Static paths before parameterised ones, so `/v1/reports/:id/content` never shadows a literal.
      .sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))
      .map((r) => ({
        method: r.method,
        path: r.path,
        pattern: new RegExp(`^${r.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\?:[A-Za-z_]\w*/g, "[^/]+")}/?$`),
      }));
    this.statics = new Map();
    // Static routes come first in `entries`, so a static match is what the search would find.
    for (const e of this.entries) {
      if (e.path.includes(":")) continue;
      let paths = this.statics.get(e.method);
      if (!paths) this.statics.set(e.method, (paths = new Map()));
      for (const path of [e.path, `${e.path}/`]) if (!paths.has(path)) paths.set(path, e.path);
    }
  }

  /** The route template serving `method path` (HEAD is served by GET), or undefined. */
  templateFor(method: string, path: string): string | undefined {
    const m = method === "HEAD" ? "GET" : method;
    const fixed = this.statics.get(m)?.get(path);
    if (fixed !== undefined) return fixed;
    return this.entries.find((e) => e.method === m && e.pattern.test(path))?.path;
  }

  methodsFor(path: string): string[] {
    const methods = new Set(this.entries.filter((e) => e.pattern.test(path)).map((e) => e.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods];
  }
}
