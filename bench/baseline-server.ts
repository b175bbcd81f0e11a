// The benchmark baseline: a bare Bun.serve answering the same JSON as GET /v1/health, with no
// framework, authentication or limits. Prints its URL on stdout.
const body = JSON.stringify({
  status: "ok",
  version: "0.1.0",
  uptime_s: 1,
  checks: { storage: "ok", connectors: { healthy: 1, degraded: 0, unreachable: 0, disabled: 0 } },
});
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: () => new Response(body, { headers: { "content-type": "application/json;charset=utf-8" } }),
});
console.log(`http://127.0.0.1:${server.port}`);
