// The structured log line: one JSON object per line, `ts`, `level`, `msg` first and then the
// fields; info lines (the access log) may wait for the end of the event loop's turn, warnings and
// errors are flushed at once.
import { describe, expect, test } from "bun:test";
import { type AccessEntry, jsonLogger } from "../../src/log.ts";

function capture(minLevel: "debug" | "info" = "info") {
  const lines: { line: string; urgent: boolean }[] = [];
  return { lines, log: jsonLogger(minLevel, (line, urgent) => lines.push({ line, urgent })) };
}

describe("jsonLogger", () => {
  test("a line is the object {ts, level, msg, ...fields} in that key order, newline-terminated", () => {
    const { lines, log } = capture();
    const fields = { method: "GET", path: '/v1/a"b\\c', status: 200, duration_ms: 0.12, request_id: "req_1", account: undefined, nested: { a: [1, "x"] } };
    log.info("request", fields);
    const { line } = lines[0]!;
    expect(line.endsWith("\n")).toBe(true);
    expect(line.indexOf("\n")).toBe(line.length - 1);
    const parsed = JSON.parse(line);
    expect(Object.keys(parsed)).toEqual(["ts", "level", "msg", "method", "path", "status", "duration_ms", "request_id", "nested"]);
    expect(parsed).toEqual({ ts: parsed.ts, level: "info", msg: "request", ...JSON.parse(JSON.stringify(fields)) });
    expect(Number.isNaN(Date.parse(parsed.ts))).toBe(false);
    expect(parsed.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test("no fields, empty fields and a message needing escapes", () => {
    const { lines, log } = capture();
    log.warn('disk "almost" full\n');
    log.error("x", {});
    expect(JSON.parse(lines[0]!.line)).toEqual({ ts: expect.any(String), level: "warn", msg: 'disk "almost" full\n' });
    expect(Object.keys(JSON.parse(lines[1]!.line))).toEqual(["ts", "level", "msg"]);
  });

  test("warnings and errors are urgent (flushed at once); info lines may be batched", () => {
    const { lines, log } = capture();
    log.info("a");
    log.warn("b");
    log.error("c");
    expect(lines.map((l) => l.urgent)).toEqual([false, true, true]);
  });

  test("lines under the minimum level are dropped", () => {
    const { lines, log } = capture("info");
    log.log("debug", "hidden");
    expect(lines).toHaveLength(0);
  });

  test("the timestamp follows the clock across milliseconds", async () => {
    const { lines, log } = capture();
    log.info("a");
    await Bun.sleep(5);
    log.info("b");
    const [a, b] = lines.map((l) => Date.parse(JSON.parse(l.line).ts));
    expect(b! - a!).toBeGreaterThanOrEqual(4);
  });
});

describe("jsonLogger on the real stdout", () => {
  const logger = new URL("../../src/log.ts", import.meta.url).pathname;
  const run = (code: string) => Bun.spawn([process.execPath, "-e", `import { jsonLogger } from ${JSON.stringify(logger)}; ${code}`], { stdout: "pipe", stderr: "inherit" });

  test("info lines written just before process.exit still reach stdout", async () => {
    const p = run(`const log = jsonLogger(); for (let i = 0; i < 1000; i++) log.info("line", { i }); process.exit(0);`);
    const out = await new Response(p.stdout).text();
    expect(await p.exited).toBe(0);
    const lines = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1000);
    expect(lines.at(-1).i).toBe(999);
  });

  test("a batched info line is on stdout within the event loop's turn, while the process lives on", async () => {
    const p = run(`const log = jsonLogger(); log.info("early"); setTimeout(() => process.exit(0), 60_000);`);
    const reader = (p.stdout as ReadableStream<Uint8Array>).getReader();
    // Not a timing test: a line held until exit would take a minute; waiting 5 s tells the two apart.
    const first = await Promise.race([reader.read(), Bun.sleep(5000).then(() => ({ value: undefined }))]);
    expect(first.value).toBeDefined();
    expect(JSON.parse(new TextDecoder().decode(first.value)).msg).toBe("early");
    p.kill();
    await p.exited;
  });
});

describe("the access log's line", () => {
  // request() writes the access line field by field; it must be exactly the line that
  // info("request", fields) writes (same keys, order, escapes, omissions).
  function expectGenericLine(entry: AccessEntry) {
    const generic = capture();
    const direct = capture();
    generic.log.info("request", entry as unknown as Record<string, unknown>);
    direct.log.request!(entry);
    const strip = (line: string) => line.replace(/"ts":"[^"]*"/, '"ts":""');
    expect(strip(direct.lines[0]!.line)).toBe(strip(generic.lines[0]!.line));
    expect(direct.lines[0]!.urgent).toBe(false);
  }

  test("is byte for byte the generic line, for odd methods, paths, addresses and missing caller", () => {
    const entries = [
      { method: "GET", path: "/v1/health", status: 200, duration_ms: 0.12, request_id: "req_1", account: "acct_1", key: "key_1", ip: "127.0.0.1" },
      { method: "PO\"ST", path: '/v1/a"b\\c\u0001\u2028é', status: 401, duration_ms: 12, request_id: "req_2", account: undefined, key: undefined, ip: "::1" },
      { method: "GET", path: "/", status: 503, duration_ms: 0, request_id: "req_3", account: "acct_x", key: undefined, ip: "unknown" },
    ];
    for (const entry of entries) expectGenericLine(entry);
  });

  // The line is made without JSON.stringify for text that needs no escape, and each field's last
  // text is reused while its value repeats: a long random sequence, where values repeat, change,
  // need escapes and come back, must still give the generic line every time.
  test("stays byte for byte the generic line over repeated, changing and escaped values", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(values: T[]): T => values[Math.floor(random() * values.length)]!;
    const odd = ['a"b', "back\\slash", "tab\t", "\u0000", "\u007f", "é", "\u2028", "\ud800", "日本", " spaced ", ""];
    for (let i = 0; i < 3000; i++) {
      expectGenericLine({
        method: pick(["GET", "POST", "DELETE", ...odd]),
        path: pick(["/v1/health", "/v1/analyze", `/v1/alerts/alrt_${i}`, ...odd]),
        status: pick([200, 401, 503]),
        duration_ms: pick([0, 0.12, 12.5, -0, 1e21, Number.NaN, Number.POSITIVE_INFINITY]),
        request_id: pick([`req_${i}`, ...odd]),
        account: pick([undefined, "acct_1", "acct_2", ...odd]),
        key: pick([undefined, "key_1", ...odd]),
        ip: pick(["127.0.0.1", "::1", "unknown", ...odd]),
      });
    }
  });

  test("is not written below the logger's level", () => {
    const lines: string[] = [];
    jsonLogger("warn", (line) => lines.push(line)).request!({ method: "GET", path: "/", status: 200, duration_ms: 1, request_id: "r", account: undefined, key: undefined, ip: "x" });
    expect(lines).toEqual([]);
  });
});
