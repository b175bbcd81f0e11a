// The dashboard's only two assets, embedded in the binary at build time and served gzipped when
// the browser accepts it. The version in their URL changes with their content, so they can be
// cached for a long time.
import css from "./assets/dashboard.css" with { type: "text" };
import js from "./assets/dashboard.client.js" with { type: "text" };
import { ownValue } from "../domain/records.ts";

interface Asset {
  body: string;
  gzip: Uint8Array;
  type: string;
}

function asset(body: string, type: string): Asset {
  return { body, gzip: Bun.gzipSync(new TextEncoder().encode(body)), type };
}

const ASSETS: Record<string, Asset> = {
  "dashboard.css": asset(css, "text/css; charset=utf-8"),
  "dashboard.js": asset(js, "text/javascript; charset=utf-8"),
};

export const ASSET_VERSION = Bun.hash(css + js).toString(36);

export function assetResponse(name: string, acceptEncoding: string | null, headers: Record<string, string>): Response | null {
  const a = ownValue(ASSETS, name);
  if (!a) return null;
  const gzip = /\bgzip\b/.test(acceptEncoding ?? "");
  return new Response(gzip ? a.gzip : a.body, {
    headers: {
      ...headers,
      "content-type": a.type,
      "cache-control": "public, max-age=31536000, immutable",
      vary: "accept-encoding",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    },
  });
}

/** Compressed size of every asset (the budget is 150 KB). */
export function compressedAssetBytes(): number {
  return Object.values(ASSETS).reduce((n, a) => n + a.gzip.length, 0);
}
