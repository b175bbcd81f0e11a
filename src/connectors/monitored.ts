// What the rest of Assay holds for a connector: the built-in wrapped so that every call has a
// deadline, feeds the status tracker, and fails fast with 503 while the source is unreachable
// (or disabled). The analysis engine gets this behaviour without knowing about it.
import type { Clock } from "../domain/clock.ts";
import type { ReferenceData, Transaction } from "../domain/transaction.ts";
import type { BaseConnector } from "./base.ts";
import { connectorTimeout, connectorUnavailable, toConnectorError } from "./errors.ts";
import { scanDeadline } from "./scan-deadline.ts";
import type { StatusTracker } from "./status.ts";
import type { Connector, MappingReport, ScanOptions } from "./types.ts";

export class MonitoredConnector implements Connector {
  /** Calls and scans under way; a connector retired by a reload closes when the last one ends. */
  private inUse = 0;
  private retired = false;
  private onIdle?: () => void;
  private closing?: Promise<void>;

  constructor(
    readonly inner: BaseConnector,
    readonly tracker: StatusTracker,
    private readonly clock: Clock,
  ) {}

  get id() {
    return this.inner.id;
  }
  get type() {
    return this.inner.type;
  }
  get name() {
    return this.inner.name;
  }
  get description() {
    return this.inner.description;
  }
  get capabilities() {
    return this.inner.capabilities;
  }
  get accounts() {
    return this.inner.accounts;
  }
  get enabled() {
    return this.inner.enabled;
  }

  revision(): string | undefined {
    return this.inner.revision();
  }

  dayOrder() {
    return this.inner.dayOrder();
  }

  /** The inner connector's parts for scan workers; undefined when it cannot be cut. */
  get partitions(): Connector["partitions"] {
    const inner = this.inner as Partial<Pick<Connector, "partitions">>;
    if (!inner.partitions) return undefined;
    return (count, signal, upTo) => {
      // Like a scan (it may build the files' indexes): no per-call deadline, errors as the scan's.
      this.admit();
      this.enter();
      return inner
        .partitions!.call(this.inner, count, signal, upTo)
        .catch((e: unknown) => {
          if (signal?.aborted) throw e;
          throw toConnectorError(this.id, e, "the source failed while scanning");
        })
        .finally(() => this.leave());
    };
  }

  get referencePartition(): Connector["referencePartition"] {
    const inner = this.inner as Partial<Pick<Connector, "referencePartition">>;
    return inner.referencePartition?.bind(this.inner);
  }

  get referenceHasField(): Connector["referenceHasField"] {
    const inner = this.inner as Partial<Pick<Connector, "referenceHasField">>;
    const has = inner.referenceHasField?.bind(this.inner);
    return has ? (table, field, signal) => this.call((s) => has(table, field, s), signal) : undefined;
  }

  getTransaction(transactionId: string, signal?: AbortSignal): Promise<Transaction | null> {
    if (this.inner.lookupRunsToEnd) return this.callToEnd(() => this.inner.getTransaction(transactionId, signal), signal);
    return this.call((s) => this.inner.getTransaction(transactionId, s), signal);
  }

  reference(signal?: AbortSignal): Promise<ReferenceData> {
    // A cached answer says nothing about the source: it must not count as a successful check
    // (it would reset the failure count of a source that is down).
    if (this.inner.referenceCached()) {
      this.admit();
      this.enter();
      return this.inner.reference(signal).finally(() => this.leave());
    }
    return this.call((s) => this.inner.reference(s), signal);
  }

  async *scan(options: ScanOptions = {}): AsyncGenerator<Transaction> {
    this.admit();
    this.enter();
    const started = this.clock.monotonic();
    // The whole scan's bound (scan_timeout_s), beside each source call's own (timeout_ms).
    const deadline = this.scanDeadline(options.signal);
    let first = true;
    try {
      // The source heeds the signal within a call (a fetch, a query's batch, a file's chunk);
      // between items it is checked here: one more generator layer per item would cost more.
      for await (const t of this.inner.scan({ ...options, signal: deadline.signal })) {
        deadline.signal.throwIfAborted();
        if (first) {
          first = false;
          this.tracker.recordSuccess(this.clock.monotonic() - started);
        }
        yield t;
      }
      if (first) this.tracker.recordSuccess(this.clock.monotonic() - started);
    } catch (thrown) {
      if (options.signal?.aborted) throw thrown;
      // Past the deadline, whatever the aborted call threw (an AbortError) is the deadline's.
      const e = deadline.signal.aborted ? deadline.signal.reason : thrown;
      this.tracker.recordFailure(e, this.clock.monotonic() - started);
      throw toConnectorError(this.id, e, "the source failed while scanning");
    } finally {
      deadline.clear();
      this.leave();
    }
  }

  /** A scan's signal: `outer`'s, and aborted past the connector's scan_timeout_s (scan-deadline.ts). */
  scanDeadline(outer?: AbortSignal): { signal: AbortSignal; clear: () => void } {
    return scanDeadline(this.id, this.inner.settings.scan_timeout_s, outer);
  }

  /** A background check: runs even while unreachable (that is how it recovers). */
  probe(signal?: AbortSignal): Promise<void> {
    return this.call((s) => this.inner.probe(s), signal, true);
  }

  recordRejections(rows: readonly [string, string, string][]) {
    this.inner.recordRejections(rows);
  }

  mappingReport(): MappingReport {
    return this.inner.mappingReport();
  }

  close(): Promise<void> {
    this.closing ??= this.inner.close();
    return this.closing;
  }

  /**
   * Taken out of service by a reload (its entry changed or was removed): requests that already
   * hold it finish with it, and it closes when the last call or scan under way has ended.
   */
  retire(): Promise<void> {
    this.retired = true;
    return this.inUse === 0 ? this.close() : new Promise((resolve) => (this.onIdle = resolve));
  }

  private enter() {
    this.inUse++;
  }

  private leave() {
    if (--this.inUse > 0 || !this.retired) return;
    const resolve = this.onIdle;
    this.onIdle = undefined;
    void this.close()
      .catch(() => {})
      .finally(() => resolve?.());
  }

  private admit() {
    if (!this.enabled) throw connectorUnavailable(this.id, "it is disabled in the configuration");
    if (this.tracker.failFast) {
      throw connectorUnavailable(this.id, `it is unreachable after ${this.tracker.consecutiveFailures} consecutive failures and is being re-checked`);
    }
  }

  /**
   * call() for work that never waits on the event loop (BaseConnector.lookupRunsToEnd): it ends
   * within this turn's microtasks, before any timer or abort event could run, so call()'s deadline
   * (an AbortController, a listener on the caller's signal, a timer and a race: ~5 % of a sqlite
   * lookup's CPU) could never fire. The same admission, accounting and errors; the caller's signal
   * is passed on as it is.
   */
  private async callToEnd<T>(fn: () => Promise<T>, outer?: AbortSignal): Promise<T> {
    this.admit();
    this.enter();
    const started = this.clock.monotonic();
    try {
      const result = await fn();
      this.tracker.recordSuccess(this.clock.monotonic() - started);
      return result;
    } catch (e) {
      if (outer?.aborted) throw e; // the caller went away: says nothing about the source
      const error = toConnectorError(this.id, e, "the source failed", this.inner.deadlineMs);
      this.tracker.recordFailure(error, this.clock.monotonic() - started);
      throw error;
    } finally {
      this.leave();
    }
  }

  private async call<T>(fn: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal, isProbe = false): Promise<T> {
    if (!isProbe) this.admit();
    else if (!this.enabled) throw connectorUnavailable(this.id, "it is disabled in the configuration");
    const deadline = this.inner.deadlineMs;
    // The call's signal aborts on the deadline or when the caller's does. A listener on the
    // caller's signal, removed after the call, costs half of AbortSignal.any (~1 µs per lookup).
    const controller = new AbortController();
    const signal = controller.signal;
    const onOuterAbort = () => controller.abort(outer!.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener("abort", onOuterAbort, { once: true });
    this.enter();
    const started = this.clock.monotonic();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = connectorTimeout(this.id, deadline);
        controller.abort(error);
        reject(error);
      }, deadline);
    });
    try {
      const result = await Promise.race([fn(signal), timeout]);
      this.tracker.recordSuccess(this.clock.monotonic() - started);
      return result;
    } catch (e) {
      if (outer?.aborted) throw e; // the caller went away: says nothing about the source
      const error = toConnectorError(this.id, e, "the source failed", deadline);
      this.tracker.recordFailure(error, this.clock.monotonic() - started);
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
      this.leave();
    }
  }
}
