// Progress for long CLI work (report generation, simulate, store migration): one line on
// stderr, rewritten in place at most ten times a second, and only when stderr is a terminal.
// Piped or redirected output, CI logs and --json runs see nothing.

export interface ProgressSink {
  /** Whether progress should be drawn at all (stderr is a terminal). */
  tty: boolean;
  write(text: string): void;
}

export interface Progress {
  /** `done` units of `total` (null when the total is not known yet). */
  update(done: number, total?: number | null, note?: string): void;
  /** Clears the line; the caller prints its own result. */
  finish(): void;
}

const REDRAW_EVERY_MS = 100;
// Both made on first use: an Intl.NumberFormat and process.stderr (Node's stream machinery) cost
// about 10 ms of start-up that `assay serve` and most commands never need.
let numberFormat: Intl.NumberFormat | undefined;
const NUMBER = { format: (n: number) => (numberFormat ??= new Intl.NumberFormat("en-US")).format(n) };

let stderrIsTty: boolean | undefined;
export const stderrSink: ProgressSink = {
  get tty() {
    return (stderrIsTty ??= Boolean(process.stderr.isTTY) && !process.env.CI);
  },
  write: (t) => void process.stderr.write(t),
};

const SILENT: Progress = { update() {}, finish() {} };

/** A progress line on `sink` (pass `io.progress`; an IO without one, as in tests, stays silent). */
export function progress(label: string, sink: ProgressSink | undefined): Progress {
  if (!sink?.tty) return SILENT;
  // The first update always draws (performance.now() counts from the process's start, so a
  // `last` of 0 skipped every update of a process younger than REDRAW_EVERY_MS).
  let last = Number.NEGATIVE_INFINITY;
  let drawn = false;
  const started = performance.now();
  return {
    update(done, total = null, note) {
      const now = performance.now();
      if (now - last < REDRAW_EVERY_MS && (total === null || done < total)) return;
      last = now;
      drawn = true;
      sink.write(`\r\x1b[2K${progressLine(label, done, total, note, (now - started) / 1000)}`);
    },
    finish() {
      if (drawn) sink.write("\r\x1b[2K");
    },
  };
}

/** `report rpt_…: 42% (1,234 / 2,938 transactions), 3s` (exported for tests). */
export function progressLine(label: string, done: number, total: number | null, note: string | undefined, seconds: number): string {
  const counts = total ? `${Math.floor((100 * done) / Math.max(total, 1))}% (${NUMBER.format(done)} / ${NUMBER.format(total)}${note ? ` ${note}` : ""})` : `${NUMBER.format(done)}${note ? ` ${note}` : ""}`;
  return `${label}: ${counts}, ${Math.round(seconds)}s`;
}
