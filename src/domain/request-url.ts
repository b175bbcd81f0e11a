// Reading a request URL (`http://host:port/path?query`, as Bun's Request.url gives it) without
// new URL(): the front door, the signature's request target and the dashboard's routing each need
// only where its path begins, on every request.

/** Where the path of a full request URL begins (just past the scheme and host), or -1 without one. */
export function pathStart(url: string): number {
  return url.indexOf("/", url.indexOf("//") + 2);
}
