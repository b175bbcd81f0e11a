// Usage counting for the dashboard: the front door reports every finished /v1 request; counts
// are kept in memory per (account, key, minute) and added to the store every few seconds, so a
// request costs a map update, not a write, and several nodes add up in one table.
import type { Clock } from "../domain/clock.ts";
import type { Logger } from "../log.ts";
import type { UsageRepository, UsageRow } from "../store/types.ts";

export const FLUSH_EVERY_MS = 5_000;
/** Rows older than this are deleted (the page shows 24 hours). */
const RETENTION_MINUTES = 8 * 24 * 60;

export interface UsageSeries {
  fromMinute: number;
  toMinute: number;
  rows: UsageRow[];
}

export class UsageService {
  private pending = new Map<string, UsageRow>();
  private timer?: ReturnType<typeof setInterval>;
  private flushes = 0;
  /** The row the last request was counted in (it is in `pending`). */
  private last: UsageRow | undefined;

  constructor(
    private readonly repo: UsageRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Counts one finished request. `account`/`key` are undefined when no key was recognised. */
  count(account: string | undefined, key: string | undefined, status: number): void {
    const minute = Math.floor(this.clock.now() / 60_000);
    // Most requests in a row come from the same key in the same minute: its row is kept at hand,
    // so a request costs no key string and no map lookup.
    let row = this.last;
    if (row === undefined || row.minute !== minute || row.key_id !== (key ?? "") || row.account_id !== (account ?? "")) {
      const id = `${minute}|${account ?? ""}|${key ?? ""}`;
      row = this.pending.get(id);
      if (!row) {
        row = { account_id: account ?? "", key_id: key ?? "", minute, requests: 0, limited: 0, failed_auth: 0 };
        this.pending.set(id, row);
      }
      this.last = row;
    }
    row.requests++;
    if (status === 429) row.limited++;
    else if (status === 401) row.failed_auth++;
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.last = undefined;
    try {
      await this.repo.add(rows);
      if (++this.flushes % 720 === 1) await this.repo.purge(Math.floor(this.clock.now() / 60_000) - RETENTION_MINUTES);
    } catch (e) {
      // Counts are best effort: keep them for the next flush rather than lose them.
      for (const row of rows) {
        const id = `${row.minute}|${row.account_id}|${row.key_id}`;
        const again = this.pending.get(id);
        if (again) (again.requests += row.requests), (again.limited += row.limited), (again.failed_auth += row.failed_auth);
        else this.pending.set(id, row);
      }
      this.log.warn("usage flush failed", { error: String(e) });
    }
  }

  /** The last `minutes` minutes of an account (including the current one), flushed first. */
  async series(accountId: string, minutes = 24 * 60): Promise<UsageSeries> {
    await this.flush();
    const toMinute = Math.floor(this.clock.now() / 60_000) + 1;
    const fromMinute = toMinute - minutes;
    return { fromMinute, toMinute, rows: await this.repo.series(accountId, fromMinute, toMinute) };
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
