// The dashboard's two cookies: the session id, and a pre-session CSRF token for the sign-in and
// setup forms. Both HttpOnly, SameSite=Strict, Path=/dashboard, Secure under TLS.
export const SESSION_COOKIE = "assay_session";
export const FORM_COOKIE = "assay_form";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setCookie(name: string, value: string, o: { secure: boolean; maxAgeS?: number }): string {
  return [
    `${name}=${value}`,
    "Path=/dashboard",
    "HttpOnly",
    "SameSite=Strict",
    ...(o.secure ? ["Secure"] : []),
    ...(o.maxAgeS !== undefined ? [`Max-Age=${o.maxAgeS}`] : []),
  ].join("; ");
}

export function clearCookie(name: string, o: { secure: boolean }): string {
  return setCookie(name, "", { ...o, maxAgeS: 0 });
}
