// `assay version`.
import { VERSION } from "../version.ts";
import type { CliIO } from "./common.ts";
import type { Args } from "./framework.ts";

export async function version(a: Args, io: CliIO) {
  io.out(a.json ? JSON.stringify({ version: VERSION }) : `assay ${VERSION}`);
}
