// `assay sign [--secret S] [--timestamp T] < body`: prints the hex HMAC-SHA256 signature of the
// body read from standard input (over `<T>.<body>` with --timestamp; with --method M --path P,
// over the request scope's `<T>\n<M>\n<P>\n<body>`). The secret defaults to
// $ASSAY_API_SECRET so it need not appear in shell history.
import { requestSigningString, signHex } from "../auth/signature.ts";
import { CONFIG_OPTION, type CliIO, parse, runCommand, UsageError } from "./common.ts";

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const { values } = parse(argv, { ...CONFIG_OPTION, secret: { type: "string" }, timestamp: { type: "string" }, method: { type: "string" }, path: { type: "string" } });
    const secret = values.secret ?? io.env.ASSAY_API_SECRET;
    if (!secret) throw new UsageError("--secret: required (or set ASSAY_API_SECRET)");
    if (values.timestamp !== undefined && !/^\d+$/.test(values.timestamp)) throw new UsageError("--timestamp: expected unix seconds");
    const body = await io.stdin();
    // --method and --path sign in the request scope: `<timestamp>\n<METHOD>\n<path?query>\n<body>`.
    if (values.method !== undefined || values.path !== undefined) {
      if (!values.method || !values.path || values.timestamp === undefined) throw new UsageError("the request scope needs --method, --path and --timestamp");
      io.out(signHex(secret, requestSigningString(values.timestamp, values.method, values.path, body)));
      return;
    }
    io.out(signHex(secret, body, values.timestamp));
  });
}
