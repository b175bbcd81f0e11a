// Where the dashboard lives on the API's port. Its own module so that the server can route
// requests to the dashboard before (and without) loading the dashboard itself.
import { pathStart } from "../domain/request-url.ts";

export const PREFIX = "/dashboard";

/** True for /dashboard, /dashboard/… and /dashboard?…, from a full request URL. */
export function isDashboardPath(url: string): boolean {
  const start = pathStart(url);
  return url.startsWith(PREFIX, start) && (url.length === start + PREFIX.length || "/?".includes(url[start + PREFIX.length]!));
}
