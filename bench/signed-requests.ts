// The signed requests the in-process benchmarks send (analyze-inprocess.ts, analyze-ir.ts,
// analyze-ab-inprocess.ts): a health check, or a POST of a body to /v1/analyze. The signing
// function is passed in, not imported: analyze-ab-inprocess.ts signs with each checkout's own.
type Sign = (secret: string, body: string) => string;
interface Key {
  key: string;
  secret: string;
}

/** The headers of a signed request: `body` "" for the health check (a GET), else a JSON POST. */
export function signedHeaders(sign: Sign, creds: Key, body: string): Record<string, string> {
  return body === ""
    ? { authorization: `Bearer ${creds.key}`, "x-service-signature": sign(creds.secret, "") }
    : { authorization: `Bearer ${creds.key}`, "x-service-signature": sign(creds.secret, body), "content-type": "application/json", "content-length": String(body.length) };
}

/** A maker of the same signed request, new each call: the health check for `body` "", else the analyze POST. */
export function signedRequestMaker(sign: Sign, creds: Key, body: string): () => Request {
  const headers = signedHeaders(sign, creds, body);
  return body === ""
    ? () => new Request("http://localhost:8080/v1/health", { headers })
    : () => new Request("http://localhost:8080/v1/analyze", { method: "POST", headers, body });
}
