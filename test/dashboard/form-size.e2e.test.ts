// A dashboard form is at most 64 KiB, and the sign-in form is open to anyone: a form body sent
// chunked, without a length, was read whole before its size was judged — up to Bun.serve's
// ceiling of 4.25 MB per request — and a declared length up to server.max_body_bytes was read in
// full too (seventh attack pass). Both are refused with 413 once past 64 KiB.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect } from "node:net";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

/** A chunked sign-in form that never ends (64 KiB chunks, one every 5 ms, up to 6 MB): the answer's status line and how much was sent when it came. */
function endlessForm(): Promise<{ status: string; sentAtAnswer: number }> {
  const { port, origin } = { port: Number(new URL(s.url).port), origin: s.url };
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(65_536, "a");
    let sent = 0;
    let text = "";
    socket.on("data", (d) => {
      text += d.toString("latin1");
      if (text.includes("\r\n")) {
        resolve({ status: text.split("\r\n")[0]!, sentAtAnswer: sent });
        socket.destroy();
      }
    });
    // The server closes the connection after its 413 while the client is still sending: the
    // kernel then resets it, and a reset that arrives before the client has read the 413 discards
    // it (seen once in CI, on a loaded machine). The connection closed is then the refusal, and
    // what had been sent by then is what the server read at most.
    const closed = () => resolve({ status: text.split("\r\n")[0] || "closed without an answer (reset)", sentAtAnswer: sent });
    socket.on("error", closed);
    socket.on("close", closed);
    socket.write(`POST /dashboard/login HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const more = () => {
      if (socket.destroyed || sent >= 6 * 1024 * 1024) return;
      socket.write("10000\r\n");
      socket.write(chunk);
      socket.write("\r\n");
      sent += chunk.length;
      setTimeout(more, 5);
    };
    more();
    setTimeout(() => reject(new Error(`no answer after ${sent} bytes`)), 20_000);
  });
}

test("a chunked sign-in form past 64 KiB is refused with 413 before much more arrives", async () => {
  const { status, sentAtAnswer } = await endlessForm();
  // Before: Bun's bare 413 after ~4.25 MB had been buffered.
  expect(["HTTP/1.1 413 Payload Too Large", "closed without an answer (reset)"]).toContain(status);
  // What was in flight when the answer left comes on top of the 64 KiB (a loaded machine answers late).
  expect(sentAtAnswer).toBeLessThan(2 * 1024 * 1024);
});

test("a declared length past 64 KiB is refused without reading the body", async () => {
  const res = await fetch(`${s.url}/dashboard/login`, {
    method: "POST",
    headers: { origin: s.url, "content-type": "application/x-www-form-urlencoded" },
    body: "a=" + "b".repeat(200_000),
  });
  expect(res.status).toBe(413);
  expect(await res.text()).toContain("Form too large");
});
