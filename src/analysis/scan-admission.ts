// How many scans (POST /v1/analyze without `data`) one account may run at once on this node. A
// scan streams a whole source and holds its batches, its findings and their summary while it
// runs, and a plan's request rate does not bound that: each scan is one request. Sixteen scans
// of a 150,000-line file at once took the server from 109 to 467 MB and stalled /v1/health for
// 2.4 s (the fourth attack pass). Scans past the limit are refused at once (429), not queued: a
// queued scan would still hold its connection, and the client decides when to try again.
import { ApiError } from "../domain/errors.ts";

/** Seconds a refused scan is told to wait (a scan takes seconds; there is no window to count down). */
const RETRY_AFTER_S = 1;

export class ScanAdmission {
  private readonly running = new Map<string, number>();

  /** `limit`: scans per account at once (rate_limit.concurrent_scans_per_account). */
  constructor(private readonly limit: number) {}

  /** Runs the account's scan, or throws 429 rate_limited when it already runs `limit` of them. */
  async run<T>(accountId: string, scan: () => Promise<T>): Promise<T> {
    const now = this.running.get(accountId) ?? 0;
    if (now >= this.limit) {
      throw new ApiError("rate_limited", `this account already runs ${this.limit} scans on this server (rate_limit.concurrent_scans_per_account); wait for one to finish`, {
        headers: { "retry-after": String(RETRY_AFTER_S) },
        extra: { violated_policies: ["concurrent_scans"] },
      });
    }
    this.running.set(accountId, now + 1);
    try {
      return await scan();
    } finally {
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left === 0) this.running.delete(accountId);
      else this.running.set(accountId, left);
    }
  }
}
