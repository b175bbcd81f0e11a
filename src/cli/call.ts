// `assay call METHOD PATH [--data JSON|@file]`: sends a signed request to a running server and
// prints the response. Reads ASSAY_URL (default http://127.0.0.1:8080), ASSAY_API_KEY and
// ASSAY_API_SECRET. Exit 0 for 2xx, 1 otherwise. `--scope request` (or ASSAY_SIGNATURE_SCOPE)
// signs for a server with security.signature.scope: request.
import { readFileSync } from "node:fs";
import { requestSigningString, signHex } from "../auth/signature.ts";
import { CONFIG_OPTION, type CliIO, parse, runCommand, UsageError } from "./common.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const { values, positionals } = parse(
      argv,
      {
        ...CONFIG_OPTION,
        data: { type: "string" },
        url: { type: "string" },
        timestamp: { type: "boolean" },
        scope: { type: "string" },
        "idempotency-key": { type: "string" },
        include: { type: "boolean", short: "i" },
      },
      true,
    );
    if (positionals.length !== 2) throw new UsageError("usage: assay call METHOD PATH [--data JSON|@file] [--timestamp] [--scope body|request] [-i]");
    const method = positionals[0]!.toUpperCase();
    if (!METHODS.includes(method)) throw new UsageError(`METHOD: expected one of ${METHODS.join(", ")}`);
    const path = positionals[1]!;
    if (!path.startsWith("/")) throw new UsageError("PATH: must start with / (e.g. /v1/health)");
    const key = io.env.ASSAY_API_KEY;
    const secret = io.env.ASSAY_API_SECRET;
    if (!key || !secret) throw new UsageError("set ASSAY_API_KEY and ASSAY_API_SECRET (from `assay keys create`)");
    const base = (values.url ?? io.env.ASSAY_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");

    let body = "";
    if (values.data !== undefined) {
      body = values.data.startsWith("@") ? readFileSync(values.data.slice(1), "utf8") : values.data;
      try {
        JSON.parse(body);
      } catch {
        throw new UsageError("--data: not valid JSON");
      }
    }
    // The request scope (security.signature.scope: request) signs timestamp, method, path and body.
    const scope = values.scope ?? io.env.ASSAY_SIGNATURE_SCOPE ?? "body";
    if (scope !== "body" && scope !== "request") throw new UsageError("--scope: expected body or request");
    const timestamp = values.timestamp || scope === "request" ? String(Math.floor(Date.now() / 1000)) : undefined;
    const headers: Record<string, string> = {
      authorization: `Bearer ${key}`,
      "x-service-signature": scope === "request" ? signHex(secret, requestSigningString(timestamp!, method, path, body)) : signHex(secret, body, timestamp),
    };
    if (timestamp) headers["x-service-timestamp"] = timestamp;
    if (body) headers["content-type"] = "application/json";
    if (values["idempotency-key"]) headers["idempotency-key"] = values["idempotency-key"];

    let response: Response;
    try {
      response = await fetch(base + path, { method, headers, body: body || undefined });
    } catch (e) {
      throw new Error(`cannot reach ${base}: ${(e as Error).message}`);
    }
    const text = await response.text();
    if (values.include) {
      io.out(`HTTP ${response.status}`);
      for (const [k, v] of response.headers) io.out(`${k}: ${v}`);
      io.out("");
    }
    let pretty = text;
    try {
      pretty = JSON.stringify(JSON.parse(text), null, 2);
    } catch {}
    if (response.ok) io.out(pretty);
    else io.err(pretty);
    return response.ok ? 0 : 1;
  });
}
