// Headers an http connector sends (auth:, headers:) are checked when the file is loaded.
// Thirteenth attack pass: a header value with a line break (a secret copied with its CR/LF, a
// `${TENANT}` holding "t1\r\nX-Injected: 1") or a header name that is no HTTP token passed `assay
// config check` ("ok"); fetch then refused every request before it left, and the connector was
// `degraded`, then `unreachable`, with "the source is not reachable; retry later" — a source that
// was up, and a retry that could never help. Bun also trims a trailing newline silently, so a token
// ending in one is sent without it: that one is accepted.
import { expect, test } from "bun:test";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";

function problems(connector: string, env: Record<string, string> = {}): string[] {
  try {
    connectorSettings(parseConfig(`connectors:\n  - { id: svc, type: http, url: "https://erp.example/api", transactions: /t, ${connector} }\n`, "/etc/assay/assay.yaml", env));
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
}

test("a header value holding a line break, NUL, another control character or a character beyond Latin-1 is refused under its path", () => {
  expect(problems('headers: { X-Tenant: "${TENANT}" }', { TENANT: "t1\r\nX-Injected: 1" })).toEqual([
    'connectors[0].headers.X-Tenant: holds "\\r" at position 3: a header value is one line of Latin-1 text without control characters',
  ]);
  expect(problems('auth: { bearer: "${TOKEN}" }', { TOKEN: "abc\u0000def" })).toEqual([
    'connectors[0].auth.bearer: holds "\\u0000" at position 4: a header value is one line of Latin-1 text without control characters',
  ]);
  expect(problems('headers: { X-City: "東京" }')).toEqual([
    'connectors[0].headers.X-City: holds "東" at position 1: a header value is one line of Latin-1 text without control characters',
  ]);
  // Basic credentials travel base64-encoded: any character is sent as it is.
  expect(problems('auth: { basic: { username: u, password: "${PW}" } }', { PW: "pa\nss" })).toEqual([]);
});

test("a header name that is no HTTP token, and a basic username with a colon, are refused", () => {
  expect(problems('headers: { "X Tenant": a, "X-Ok:": b, "": c }')).toEqual([
    'connectors[0].headers: "X Tenant" is not a header name (letters, digits and !#$%&\'*+-.^_`|~)',
    'connectors[0].headers: "X-Ok:" is not a header name (letters, digits and !#$%&\'*+-.^_`|~)',
    'connectors[0].headers: "" is not a header name (letters, digits and !#$%&\'*+-.^_`|~)',
  ]);
  expect(problems("auth: { basic: { username: \"dom:ain\", password: p } }")).toEqual([
    "connectors[0].auth.basic.username: holds a colon, which Basic authentication reads as the end of the user name",
  ]);
});

test("ordinary headers and credentials pass, a trailing newline (trimmed by the client) too", () => {
  expect(problems('headers: { X-Tenant: "t 1", X-City: Zürich, Accept-Language: "de-CH, de;q=0.9" }, auth: { bearer: "${TOKEN}" }', { TOKEN: "abc.def-ghi\n" })).toEqual([]);
  expect(problems("auth: { basic: { username: svc, password: \"p:a ss\\tword\" } }")).toEqual([]);
});
