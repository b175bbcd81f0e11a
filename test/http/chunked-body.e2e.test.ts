// A chunked request body is read at the speed of its bytes, not of its chunks. The body was read
// chunk by chunk through the stream's reader, a promise per chunk, and the chunks of a body already
// received resolve one after another without the event loop getting a turn: 900 KB sent as 1-byte
// chunks (5.4 MB on the wire, within the limits, before any authentication) held `assay serve`
// ~3.5 s — /livez waited as long (sixth attack pass). Now read whole by Bun (arrayBuffer: ~40 ms
// for the same body); Bun.serve's maxRequestBodySize still bounds what is buffered. Against a
// served process (ASSAY_BINARY, else the source), as a client elsewhere sends it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { signHex } from "../../src/auth/signature.ts";
import { loadConfig } from "../../src/config/load.ts";
import { openAdmin } from "../../src/runtime.ts";
import { makeTempDir } from "../support/harness.ts";
import { type ServerProcess, spawnServe } from "../support/process.ts";

let node: ServerProcess;
let creds: { key: string; secret: string };
beforeAll(async () => {
  const dir = makeTempDir("assay-chunked-");
  writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  const config = join(dir, "assay.yaml");
  writeFileSync(config, "server: { port: 0, access_log: false }\nstorage: { path: ./assay.db }\nsecurity: { master_key_file: ./master.key }\n");
  const admin = openAdmin(loadConfig(config, {}), { env: {} });
  const account = await admin.keys.createAccount("chunks", "enterprise");
  creds = await admin.keys.createKey(account.id);
  await admin.store.close();
  node = await spawnServe(config, { ASSAY_MASTER_KEY: "", ASSAY_CONFIG: "" }, process.env.ASSAY_BINARY);
});
afterAll(() => node?.kill("SIGTERM"));

/** `body` as one chunk per byte, the whole request written at once. */
function oneByteChunks(path: string, body: string, headers: string): string {
  const parts: string[] = [];
  for (const c of body) parts.push(`1\r\n${c}\r\n`);
  return `POST ${path} HTTP/1.1\r\nHost: a\r\n${headers}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${parts.join("")}0\r\n\r\n`;
}

/** The status line of the answer to `wire`, and how long it took. */
function send(wire: string): Promise<{ status: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(node.port, "127.0.0.1");
    let text = "";
    socket.on("data", (d) => {
      text += d.toString("latin1");
      if (text.includes("\r\n\r\n")) {
        socket.destroy();
        resolve({ status: text.split("\r\n")[0]!, ms: performance.now() - started });
      }
    });
    socket.on("error", reject);
    socket.write(wire);
  });
}

async function worstLivezDuring<T>(work: Promise<T>): Promise<{ result: T; worst: number }> {
  let worst = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${node.url}/livez`);
      worst = Math.max(worst, performance.now() - started);
      await Bun.sleep(10);
    }
  })();
  const result = await work;
  done = true;
  await probe;
  return { result, worst };
}

test("900 KB in 1-byte chunks, unauthenticated: refused without holding other clients up", async () => {
  const body = JSON.stringify({ title: "chunks", severity: "low", metadata: { blob: "d".repeat(900_000) } });
  const { result, worst } = await worstLivezDuring(send(oneByteChunks("/v1/alerts", body, "Authorization: Bearer ak_nope\r\n")));
  expect(result.status).toBe("HTTP/1.1 401 Unauthorized");
  // Before: ~3.5 s for each. Generous bounds for a loaded CI machine.
  expect(result.ms).toBeLessThan(1_500);
  expect(worst).toBeLessThan(1_000);
});

test("a signed body in 1-byte chunks is read whole and answered", async () => {
  const body = JSON.stringify({ title: "chunks", severity: "low", description: "d".repeat(2_000) });
  const headers = `Authorization: Bearer ${creds.key}\r\nX-Service-Signature: ${signHex(creds.secret, body)}\r\n`;
  const { result } = await worstLivezDuring(send(oneByteChunks("/v1/alerts", body, headers)));
  expect(result.status).toBe("HTTP/1.1 201 Created");
});

/**
 * Writes a chunked request that never ends — 64 KiB chunks, one a millisecond, up to `upTo`
 * bytes — and reads what the server answers: the answer's head and body, and how many body bytes
 * had been sent when its first byte arrived.
 */
function unfinishedChunked(headers: string, upTo: number): Promise<{ head: string; body: string; sentAtAnswer: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(node.port, "127.0.0.1");
    const chunk = Buffer.alloc(65_536, "d");
    let text = "";
    let sent = 0;
    let sentAtAnswer = -1;
    const finish = () => {
      const at = text.indexOf("\r\n\r\n");
      resolve({ head: at === -1 ? text : text.slice(0, at), body: at === -1 ? "" : text.slice(at + 4), sentAtAnswer });
    };
    socket.on("data", (d) => {
      if (sentAtAnswer === -1) sentAtAnswer = sent;
      text += d.toString("utf8");
    });
    socket.on("close", finish);
    socket.on("error", () => {}); // writes after the server closed: EPIPE; the answer is what counts
    socket.write(`POST /v1/alerts HTTP/1.1\r\nHost: a\r\n${headers}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const more = () => {
      if (socket.destroyed || sent >= upTo) return;
      socket.write("10000\r\n");
      socket.write(chunk);
      socket.write("\r\n");
      sent += chunk.length;
      setTimeout(more, 1);
    };
    more();
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer after ${sent} bytes`));
    }, 20_000);
  });
}

test("a chunked body past server.max_body_bytes is refused with a 413 problem once the limit is passed, not after Bun's 4.25 MB", async () => {
  // A known key and a signature of the right form (its body is read: the signature covers it); an
  // unknown key, or a signature no body could match, is refused before its body is read
  // (body-after-key.e2e.test.ts). Before: nothing until ~4.25 MB had been buffered, then Bun's own
  // bare 413 (no problem body, no Request-Id).
  const { head, body, sentAtAnswer } = await unfinishedChunked(`Authorization: Bearer ${creds.key}\r\nX-Service-Signature: ${"00".repeat(32)}\r\n`, 6 * 1024 * 1024);
  expect(head.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
  expect(head.toLowerCase()).toContain("content-type: application/problem+json");
  expect(head.toLowerCase()).toContain("connection: close");
  expect(JSON.parse(body.slice(body.indexOf("{"), body.lastIndexOf("}") + 1)).code).toBe("payload_too_large");
  // The default limit is 1 MiB; what was in flight when the answer left comes on top.
  expect(sentAtAnswer).toBeLessThan(2.5 * 1024 * 1024);
});

test("a signed chunked body just under the limit, streamed in 64 KiB chunks, is read and answered", async () => {
  // JSON followed by white space (valid, and signed as sent): ~1 MB within the schema's lengths.
  const body = JSON.stringify({ title: "streamed", severity: "low" }) + " ".repeat(1_000_000);
  expect(Buffer.byteLength(body)).toBeLessThan(1_048_576);
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let at = 0; at < bytes.length; at += 65_536) {
        controller.enqueue(bytes.subarray(at, at + 65_536));
        await Bun.sleep(5);
      }
      controller.close();
    },
  });
  const r = await fetch(`${node.url}/v1/alerts`, {
    method: "POST",
    body: stream,
    headers: { authorization: `Bearer ${creds.key}`, "x-service-signature": signHex(creds.secret, body), "content-type": "application/json" },
  });
  expect(r.status).toBe(201);
});
