// `assay simulate --connector C --module M [--from D --to D] [--with other.yaml] [--labels F]
// [--limit N] [--json]`: back-tests a configuration. Replays the connector's transactions under
// the configuration in force and a candidate (`--with`, else the same), and prints side by side
// the alerts each would open, by severity and finding code, the money at risk, and precision,
// recall and F1 against analysts' resolutions (or a labels file). Nothing is recorded.
import { statSync } from "node:fs";
import { readAtMost } from "../domain/bounded-read.ts";
import { basename, resolve } from "node:path";
import { resolutionLabels, parseLabelsCsv } from "../alerts/labels.ts";
import { dismissedPatterns } from "../alerts/suppressions.ts";
import { isValidIsoDate } from "../analysis/dates.ts";
import { loadConfig } from "../config/load.ts";
import type { SimulationResult } from "../domain/simulation.ts";
import type { SuppressedPattern } from "../domain/suppression.ts";
import { createRuntime } from "../runtime.ts";
import { apiFailure, CliFailure, type CliIO, loadCliConfig, printJson, quietLog, UsageError } from "./common.ts";
import type { Args } from "./framework.ts";
import { progress } from "./progress.ts";
import { renderSimulation } from "./simulate-render.ts";

export async function simulate(a: Args, io: CliIO) {
  const connector = a.required("connector", "the connector whose transactions are replayed");
  const module = a.required("module", "the analysis module, e.g. revenue_leakage");
  const from = dateOption(a, "from");
  const to = dateOption(a, "to");
  // Compared by day, as a scan compares a date-only bound: such a period holds nothing.
  if (from && to && from.slice(0, 10) > to.slice(0, 10)) throw new UsageError(`--from: ${from} is after --to (${to})`);
  const limitText = a.string("limit");
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new UsageError(`--limit: expected a positive integer (got "${limitText}")`);
  const config = loadCliConfig(a.string("config"), io);
  const withFile = a.string("with");
  const candidate = withFile === undefined ? undefined : loadConfig(resolve(withFile), io.env);
  const labelsFile = a.string("labels");
  let fileLabels: ReadonlyMap<string, boolean> | undefined;
  if (labelsFile !== undefined) {
    try {
      fileLabels = parseLabelsCsv(readLabelsFile(labelsFile), labelsFile);
    } catch (e) {
      throw new CliFailure((e as Error).message);
    }
  }

  const rt = createRuntime(config, { env: io.env, log: quietLog(io) });
  try {
    await rt.refreshLearned();
    const labels = fileLabels ?? (await resolutionLabels(rt.store, { connector }));
    // Every account's dismissed patterns on this connector: the admin replay is not one account's.
    const suppressions: SuppressedPattern[] = [];
    for (const account of await rt.store.accounts.list()) suppressions.push(...(await dismissedPatterns(rt.store, account.id, connector)));
    const bar = progress(`simulate ${connector}`, io.progress);
    const result: SimulationResult = await rt.analysis
      .simulate({
        connector,
        module,
        from,
        to,
        limit,
        labels,
        labelSource: labelsFile ?? "alert resolutions",
        suppressions,
        candidate: candidate && { modules: candidate.modules, rules: candidate.rules, autoThreshold: candidate.alerts.auto_threshold },
        onProgress: (n) => bar.update(n, limit ?? null, "transactions"),
      })
      .catch(apiFailure)
      .finally(() => bar.finish());
    if (a.json) printJson(io, result);
    else io.out(renderSimulation(result, { current: basename(config.file), candidate: candidate ? basename(candidate.file) : "(the same)" }));
  } finally {
    await rt.close();
  }
}

function dateOption(a: Args, name: string): string | undefined {
  const v = a.string(name);
  if (v !== undefined && !isValidIsoDate(v)) throw new UsageError(`--${name}: expected a date such as 2025-01-31 (got "${v}")`);
  return v;
}

/** A labels CSV holds a line per transaction: far below this even for millions of them. */
const MAX_LABELS_BYTES = 256 * 1024 * 1024;

/**
 * The labels file's text, read to a bound: read whole, `--labels /dev/zero` ran until memory ran
 * out, and a folder answered a bare `EISDIR` (eleventh attack pass).
 */
function readLabelsFile(file: string): string {
  const path = resolve(file);
  if (statSync(path).isDirectory()) throw new Error(`${file}: is a folder: name the labels CSV file in it`);
  const bytes = readAtMost(path, MAX_LABELS_BYTES);
  if (bytes.length > MAX_LABELS_BYTES) throw new Error(`${file}: the file is more than 256 MiB`);
  return bytes.toString("utf8");
}
