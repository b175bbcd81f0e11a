// URLs of the configuration a URL parser refuses, found when the file is loaded. Their keys'
// patterns (`^https?://…`) let through what `new URL` does not take — a port past 65535, a space in
// the host, an unclosed `[` — and the code that reads them parses them later: an invalid
// dashboard.public_url stopped the app from being built, and every request but health's
// answered 500 (eleventh attack pass).

/** One problem naming `path` when `url` is set and does not parse as a URL. */
export function urlProblems(url: string | undefined, path: string): string[] {
  if (url === undefined || URL.canParse(url)) return [];
  return [`${path}: not a valid URL (${JSON.stringify(url.slice(0, 200))})`];
}
