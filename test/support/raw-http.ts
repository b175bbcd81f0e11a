// Raw HTTP/1.1 over a TCP socket, for what fetch will not send: odd Host headers, malformed
// request lines, half-closed connections, several requests on one keep-alive connection.
import { connect, type Socket } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawOptions {
  /** Shut down the write side once the request is sent (a half-closed connection). */
  halfClose?: boolean;
  /** Give up after this many milliseconds (the test fails rather than hangs). */
  timeoutMs?: number;
}

/** Sends `bytes` and collects everything the server sends until it closes or the timeout. */
export function rawExchange(port: number, bytes: string | Uint8Array, o: RawOptions = {}): Promise<{ text: string; closedBy: "server" | "timeout" | "error"; error?: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket: Socket = connect({ host: "127.0.0.1", port });
    let done = false;
    const finish = (closedBy: "server" | "timeout" | "error", error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString("utf8"), closedBy, error });
    };
    const timer = setTimeout(() => finish("timeout"), o.timeoutMs ?? 10_000);
    socket.on("connect", () => {
      socket.write(bytes);
      if (o.halfClose) socket.end();
    });
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("end", () => finish("server"));
    socket.on("close", () => finish("server"));
    socket.on("error", (e) => finish("error", String(e)));
  });
}

/** Splits a stream of HTTP/1.1 responses (Content-Length or chunked framing). */
export function parseResponses(text: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = text;
  while (rest.startsWith("HTTP/1.")) {
    const headEnd = rest.indexOf("\r\n\r\n");
    if (headEnd === -1) break;
    const [statusLine, ...lines] = rest.slice(0, headEnd).split("\r\n");
    const headers: Record<string, string> = {};
    for (const l of lines) {
      const i = l.indexOf(":");
      headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    rest = rest.slice(headEnd + 4);
    let body = "";
    if (headers["content-length"] !== undefined) {
      const n = Number(headers["content-length"]);
      body = rest.slice(0, n);
      rest = rest.slice(n);
    } else if (headers["transfer-encoding"]?.includes("chunked")) {
      for (;;) {
        const lineEnd = rest.indexOf("\r\n");
        const size = parseInt(rest.slice(0, lineEnd), 16);
        rest = rest.slice(lineEnd + 2);
        if (!size) {
          rest = rest.slice(2);
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    }
    out.push({ status: Number(statusLine!.split(" ")[1]), headers, body });
  }
  return out;
}

/** Builds one HTTP/1.1 request with exact headers (no defaults added). */
export function rawRequest(method: string, target: string, headers: Record<string, string>, body = ""): string {
  const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body.length > 0 && !Object.keys(headers).some((k) => k.toLowerCase() === "content-length")) {
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
