// `assay sign [--secret S] [--timestamp T] < body`: prints the hex HMAC-SHA256 signature of the
// body read from standard input (over `<T>.<body>` with --timestamp). The secret defaults to
// $ASSAY_API_SECRET so it need not appear in shell history.
import { signHex } from "../auth/signature.ts";
import { CONFIG_OPTION, type CliIO, parse, runCommand, UsageError } from "./common.ts";

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const { values } = parse(argv, { ...CONFIG_OPTION, secret: { type: "string" }, timestamp: { type: "string" } });
    const secret = values.secret ?? io.env.ASSAY_API_SECRET;
    if (!secret) throw new UsageError("--secret: required (or set ASSAY_API_SECRET)");
    if (values.timestamp !== undefined && !/^\d+$/.test(values.timestamp)) throw new UsageError("--timestamp: expected unix seconds");
    const body = await io.stdin();
    io.out(signHex(secret, body, values.timestamp));
  });
}
