// Which methods each route path answers: turns an unknown method on a known path into 405 with
// an Allow header instead of a 404.
export class RouteTable {
  private entries: { pattern: RegExp; method: string }[] = [];

  load(routes: { method: string; path: string }[]) {
    this.entries = routes
      .filter((r) => r.method !== "ALL")
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(`^${r.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\?:[A-Za-z_]\w*/g, "[^/]+")}/?$`),
      }));
  }

  methodsFor(path: string): string[] {
    const methods = new Set(this.entries.filter((e) => e.pattern.test(path)).map((e) => e.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods];
  }
}
