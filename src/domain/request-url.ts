// Reading a request URL (`http://host:port/path?query`, as Bun's Request.url gives it) without
// new URL(): the front door, the signature's request target and the dashboard's routing each need
// only where its path begins, on every request.

/**
 * Where the path of a request URL begins (just past the scheme and host), or -1 without one. A
 * request without a Host header (HTTP/1.0) or with an empty one has no scheme or host: Bun's
 * request.url is then the bare target ("/livez"), whose path begins at 0.
 */
export function pathStart(url: string): number {
  if (url.charCodeAt(0) === 47 /* "/" */) return 0;
  return url.indexOf("/", url.indexOf("//") + 2);
}
