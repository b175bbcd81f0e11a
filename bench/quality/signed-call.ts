// The quality runners' signed client: one request to the server they started, retried after a
// 429 as a client should (waiting Retry-After) — on a busy machine a burst of lookups meets the
// plan's limit, and an estimate read from a 429 would count as 0.
import { createHmac } from "node:crypto";

export type SignedCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;

export function signedCaller(port: number, key: { key: string; secret: string }): SignedCall {
  return async (method, path, body) => {
    const text = body === undefined ? "" : JSON.stringify(body);
    const sig = createHmac("sha256", key.secret).update(text).digest("hex");
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { authorization: `Bearer ${key.key}`, "x-service-signature": sig, "content-type": "application/json" }, body: body === undefined ? undefined : text });
      const json = (await res.json()) as any;
      if (res.status !== 429 || attempt >= 20) return { status: res.status, json };
      await Bun.sleep(1000 * Math.min(10, Number(res.headers.get("retry-after") ?? 1) || 1));
    }
  };
}
