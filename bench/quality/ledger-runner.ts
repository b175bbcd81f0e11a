// What the served ledger runners (bench/*-ledger-quality.ts) share: their command line (--seeds,
// --setups, --modules, --port, --keep, --json, --verbose) and one scan of a written export through
// `assay serve`, started again on the next port when the server could not listen. Each runner keeps
// its own generator, configuration and judging.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { scanThroughServer, type ServedScan } from "./served-scan.ts";

export interface LedgerRunnerArgs {
  seeds: number[];
  setups: string[];
  modules: string[];
  keep: string | undefined;
  asJson: boolean;
  verbose: boolean;
  /** The port of the next scan's server (each scan listens on its own, from --port on). */
  nextPort: () => number;
}

/** The runner's command line, with its defaults for --seeds and --modules. */
export function ledgerRunnerArgs(defaults: { seeds: string; modules: string }, argv: readonly string[] = process.argv.slice(2)): LedgerRunnerArgs {
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  // Default: a random port of 20000–29999.
  const firstPort = flag("--port") ? Number(flag("--port")) : 20000 + Math.floor(Math.random() * 9900);
  let scans = 0;
  return {
    seeds: (flag("--seeds") ?? defaults.seeds).split(",").map(Number),
    setups: (flag("--setups") ?? "zero-config,configured").split(","),
    modules: (flag("--modules") ?? defaults.modules).split(","),
    keep: flag("--keep"),
    asJson: argv.includes("--json"),
    verbose: argv.includes("--verbose"),
    nextPort: () => firstPort + scans++,
  };
}

/**
 * One served scan of an export: `files` (name → content) and `assay.yaml` (`config(dir, port)`)
 * written to a fresh folder (`keep`/`name` when kept, else a temporary `prefix`… one removed after), the
 * connector `gl` scanned with `module` (or `modules` one after the other, their results joined).
 * A port of the range may be held for a moment by another process's outgoing connection: a server
 * that cannot listen is started again, afresh, on the next port (four attempts).
 */
export async function scanLedgerExport<R>(o: {
  args: LedgerRunnerArgs;
  /** The folder's name under --keep. */
  name: string;
  /** The temporary folder's prefix ("mfg-ledger-"). */
  prefix: string;
  files: Record<string, string>;
  config: (dir: string, port: number) => string;
  module?: string;
  modules?: readonly string[];
}): Promise<ServedScan<R>> {
  const root = resolve(import.meta.dir, "../..");
  const { keep } = o.args;
  for (let attempt = 1; ; attempt++) {
    const dir = keep ? resolve(keep, o.name) : mkdtempSync(join(tmpdir(), o.prefix));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(o.files)) writeFileSync(`${dir}/${file}`, text);
    const port = o.args.nextPort();
    writeFileSync(`${dir}/assay.yaml`, o.config(dir, port));
    try {
      return await scanThroughServer<R>({ root, dir, port, connector: "gl", module: o.module, modules: o.modules, keep: Boolean(keep) });
    } catch (e) {
      if (attempt >= 4 || !String(e).includes("server did not start")) throw e;
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  }
}
