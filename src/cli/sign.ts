// `assay sign [--secret S] [--timestamp T] < body`: prints the hex HMAC-SHA256 signature of the
// body read from standard input (over `<T>.<body>` with --timestamp; with --method M --path P,
// over the request scope's `<T>\n<M>\n<P>\n<body>`). The secret defaults to
// $ASSAY_API_SECRET so it need not appear in shell history.
import { requestSigningString, signHex } from "../auth/signature.ts";
import { type CliIO, credential, UsageError } from "./common.ts";
import type { Args } from "./framework.ts";

export async function sign(a: Args, io: CliIO) {
  const given = a.string("secret");
  const secret = given ?? io.env.ASSAY_API_SECRET;
  if (!secret) throw new UsageError("--secret: required (or set ASSAY_API_SECRET)");
  credential(secret, given !== undefined ? "--secret" : "ASSAY_API_SECRET");
  const timestamp = a.string("timestamp");
  if (timestamp !== undefined && !/^\d+$/.test(timestamp)) throw new UsageError(`--timestamp: expected unix seconds (got "${timestamp}")`);
  const body = await io.stdin();
  const method = a.string("method");
  const path = a.string("path");
  // --method and --path sign in the request scope: `<timestamp>\n<METHOD>\n<path?query>\n<body>`.
  if ((method !== undefined || path !== undefined) && (!method || !path || timestamp === undefined)) {
    throw new UsageError("the request scope needs --method, --path and --timestamp");
  }
  const signature = method && path ? signHex(secret, requestSigningString(timestamp!, method, path, body)) : signHex(secret, body, timestamp);
  io.out(a.json ? JSON.stringify({ signature, timestamp: timestamp ?? null }) : signature);
}
