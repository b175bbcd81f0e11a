// The dashboard's two cookies: the session id, and a pre-session CSRF token for the sign-in and
// setup forms. Both HttpOnly and SameSite=Strict.
//
// Cookies are not isolated by port: any app on the same host name can set Assay's. Over plain
// HTTP it could plant `assay_session` with a narrower path (`Path=/dashboard/keys`), which the
// browser sends first, ahead of Assay's own: session fixation, or signing a user in as someone
// else (sixteenth attack pass). So:
// - Under TLS (Assay's own, or dashboard.public_url https behind a proxy) the cookies are
//   `__Host-assay_session` and `__Host-assay_form`, Secure with Path=/: a browser keeps such a
//   cookie only from a secure page, with Path=/ and no Domain, so a plain-HTTP app on the host
//   cannot plant one and no narrower path can shadow it. The unprefixed names are then ignored.
// - Whatever the mode, a request carrying one of Assay's cookies more than once is refused
//   (dashboard/index.ts): Assay cannot tell which one it issued.
export const SESSION_COOKIE = "assay_session";
export const FORM_COOKIE = "assay_form";

/** The name a cookie has on the wire: `__Host-` prefixed when the dashboard is served over TLS. */
export function cookieName(name: string, o: { secure: boolean }): string {
  return o.secure ? `__Host-${name}` : name;
}

/** Every value the Cookie header carries for `name`, in the order sent (most specific path first). */
export function readCookies(request: Request, name: string): string[] {
  const header = request.headers.get("cookie");
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

export function readCookie(request: Request, name: string): string | undefined {
  return readCookies(request, name)[0];
}

export function setCookie(name: string, value: string, o: { secure: boolean; maxAgeS?: number }): string {
  return [
    `${cookieName(name, o)}=${value}`,
    o.secure ? "Path=/" : "Path=/dashboard",
    "HttpOnly",
    "SameSite=Strict",
    ...(o.secure ? ["Secure"] : []),
    ...(o.maxAgeS !== undefined ? [`Max-Age=${o.maxAgeS}`] : []),
  ].join("; ");
}

export function clearCookie(name: string, o: { secure: boolean }): string {
  return setCookie(name, "", { ...o, maxAgeS: 0 });
}

/**
 * Set-Cookie lines that expire a plain-HTTP cookie planted at `path` or any folder above it down
 * to /dashboard (a browser removes a cookie only when name and path match), so that a user told
 * of a planted cookie is not left refused on that page for good.
 */
export function clearShadowingCookies(name: string, path: string): string[] {
  const lines: string[] = [];
  let at = path;
  while (at.startsWith("/dashboard")) {
    for (const p of new Set([at, `${at}/`])) lines.push(`${name}=; Path=${p}; Max-Age=0`);
    at = at.slice(0, at.lastIndexOf("/"));
  }
  return lines;
}
