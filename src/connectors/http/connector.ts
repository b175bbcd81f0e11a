// The `http` connector: an internal REST service that serves JSON. The transactions collection
// (`transactions:`, a path under `url`) answers an array, or an object with a `data` array and an
// optional `next` link (same origin) to the following page. Records are either nested
// transactions (`lines: [...]`) or flat invoice-line rows as in a CSV export; both are mapped
// through `mapping`. A single transaction is fetched from the `lookup` template when configured.
import type { Clock } from "../../domain/clock.ts";
import type { ReferenceTable, Transaction } from "../../domain/transaction.ts";
import { BaseConnector, ScanWindow, type SourceTable } from "../base.ts";
import { connectorUnavailable } from "../errors.ts";
import { RowMapper, TransactionGrouper } from "../mapping.ts";
import type { ConnectorSettings } from "../settings.ts";
import type { ConnectorCapabilities, ScanOptions } from "../types.ts";
import type { SourceValue } from "../values.ts";
import { getJson, type HttpClientSettings } from "./client.ts";
import type { Resolver } from "./ssrf.ts";

type JsonRecord = Record<string, unknown>;

/** A page mapped as records × fields cells: up to this many whatever their holes (~0.1 s)… */
const MAX_DENSE_CELLS = 1_000_000;
/** …and beyond it up to this many cells per value the records carry (most fields present). */
const SPARSE_FACTOR = 8;

export class HttpConnector extends BaseConnector {
  readonly capabilities: ConnectorCapabilities;
  private readonly client: HttpClientSettings;
  private readonly mappers = new Map<string, RowMapper>();

  constructor(settings: ConnectorSettings, clock: Clock, resolve?: Resolver) {
    super(settings, clock);
    this.capabilities = this.baseCapabilities(true, true);
    const headers: Record<string, string> = { accept: "application/json", ...settings.headers };
    if (settings.auth?.bearer) headers.authorization = `Bearer ${settings.auth.bearer}`;
    if (settings.auth?.basic) {
      headers.authorization = `Basic ${Buffer.from(`${settings.auth.basic.username}:${settings.auth.basic.password}`).toString("base64")}`;
    }
    this.client = {
      connectorId: settings.id,
      timeoutMs: settings.timeout_ms,
      maxBytes: settings.max_response_bytes,
      retries: settings.retries,
      backoffMs: settings.backoff_ms,
      maxRedirects: settings.max_redirects,
      allowHosts: settings.allow_hosts,
      headers,
      resolve,
    };
  }

  /** Every attempt may take the full timeout, plus the backoff between attempts. */
  override get deadlineMs(): number {
    const s = this.settings;
    let backoff = 0;
    for (let i = 0; i < s.retries; i++) backoff += s.backoff_ms * 2 ** i * 1.25;
    return s.timeout_ms * (s.retries + 1) + backoff;
  }

  private url(path: string): URL {
    return new URL(path, this.settings.url!.endsWith("/") ? this.settings.url : `${this.settings.url}/`);
  }

  async getTransaction(transactionId: string, signal?: AbortSignal): Promise<Transaction | null> {
    if (!this.settings.lookup) {
      // No lookup endpoint: find it in the collection (bounded by its pages and size cap).
      for await (const t of this.scan({ signal })) if (t.transaction_id === transactionId) return t;
      return null;
    }
    // Encoded, an id cannot add path segments; "." and ".." would still move up the path.
    if (transactionId === "." || transactionId === "..") return null;
    const body = await getJson(this.url(this.settings.lookup.replace("{id}", encodeURIComponent(transactionId)).replace(/^\//, "")), this.client, signal);
    if (body === null) return null;
    const records = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.data) ? body.data : [body];
    const found = this.toTransactions(records).filter((t) => t.transaction_id === transactionId);
    return found[0] ?? null;
  }

  async *scan(options: ScanOptions = {}): AsyncGenerator<Transaction> {
    const window = new ScanWindow(options);
    if (window.full) return;
    let url: URL | undefined = this.url(this.settings.transactions!.replace(/^\//, ""));
    if (options.from) url.searchParams.set("from", options.from);
    if (options.to) url.searchParams.set("to", options.to);
    const origin = url.origin;
    // The pages read, by address: a `next` link back to one of them (a cursor that does not
    // advance, pages naming each other) is a loop in the source's paging, not more data — followed,
    // it read the same records up to the page bound, a scan without end and copies of each record.
    const read = new Map<string, number>();
    for (let page = 0; url && page < 100_000; page++) {
      read.set(url.href, page + 1);
      const body = await getJson(url, this.client, options.signal);
      const { records, next } = this.page(body);
      for (const t of this.toTransactions(records)) {
        if (window.accept(t)) yield t;
        if (window.full) return;
      }
      url = next ? new URL(next, url) : undefined;
      if (url && url.origin !== origin) throw connectorUnavailable(this.id, "the next page link points to another origin, which is refused");
      const again = url && read.get(url.href);
      if (again) throw connectorUnavailable(this.id, `the source's paging loops: the next page link of page ${page + 1} leads back to page ${again}`);
    }
  }

  private page(body: unknown): { records: unknown[]; next?: string } {
    if (body === null) throw connectorUnavailable(this.id, "the source answered 404 for the collection");
    if (Array.isArray(body)) return { records: body };
    if (isRecord(body) && Array.isArray(body.data)) {
      return { records: body.data, next: typeof body.next === "string" && body.next ? body.next : undefined };
    }
    throw connectorUnavailable(this.id, "the source answered JSON that is neither an array nor an object with a data array");
  }

  /** Nested or flat records of one page → transactions (rows grouped by id within the page). */
  private toTransactions(records: unknown[]): Transaction[] {
    const rows: JsonRecord[] = [];
    let n = 0;
    for (const r of records) {
      n++;
      if (isRecord(r)) rows.push(...flatten(r));
      else this.stats.reject(`record:${n}:${JSON.stringify(r)?.slice(0, 40)}`, `record ${n}`, "not a JSON object");
    }
    if (rows.length === 0) return [];
    // One header for the page (the union of its keys), so one mapper reads every row.
    const header = this.sharedHeader(rows, "page");
    const mapper = this.mapperFor(header, header.join("\u0000"));
    const table = rows.map((row) => header.map((k) => toSourceValue(row[k])));
    // Rows of an id made adjacent, ids in order of first appearance, rows in page order. One id
    // per row read (a sort by first appearance read two per comparison: 3 million rows of a page
    // held the thread that answers every request 8 s, sixteenth attack pass).
    const byId = new Map<string, SourceValue[][]>();
    for (const values of table) {
      const id = mapper.idOf(values);
      const rowsOfId = byId.get(id);
      if (rowsOfId) rowsOfId.push(values);
      else byId.set(id, [values]);
    }
    const grouper = new TransactionGrouper(mapper, this.stats);
    const out: Transaction[] = [];
    for (const [id, rowsOfId] of byId) {
      for (let k = 0; k < rowsOfId.length; k++) {
        const rowNo = k + 1;
        const done = grouper.add(rowsOfId[k]!, `${id}#${rowNo}`, (ref) => [String(ref), `record for transaction ${id || "(no id)"}, row ${rowNo}`]);
        if (done) out.push(done);
      }
    }
    const last = grouper.flush();
    if (last) out.push(last);
    return out;
  }

  /**
   * The union of the records' keys, the columns of the table they are mapped as (records ×
   * columns cells). Refused when that table would be mostly holes: records that each name
   * fields of their own (`{"k1":1}`, `{"k2":1}`, …) made a 740 KB page 400 million cells, held
   * the thread that answers every request over a minute and grew the server to 6.5 GB (sixteenth
   * attack pass). A source's records share their fields; optional ones cost at most the bound.
   */
  private sharedHeader(records: JsonRecord[], what: string): string[] {
    const keys = new Set<string>();
    let values = 0;
    for (const r of records) {
      for (const k in r) {
        if (!Object.hasOwn(r, k)) continue;
        keys.add(k);
        values++;
      }
    }
    if (keys.size * records.length > Math.max(MAX_DENSE_CELLS, SPARSE_FACTOR * values)) {
      throw connectorUnavailable(
        this.id,
        `the ${what}'s ${records.length} records name ${keys.size} different fields between them (each record only a few of them); a source's records are expected to share their fields`,
      );
    }
    return [...keys];
  }

  private mapperFor(header: string[], sig: string): RowMapper {
    let mapper = this.mappers.get(sig);
    if (!mapper) {
      mapper = new RowMapper(header, this.settings.mapping ?? {}, this.formats);
      if (this.mappers.size > 100) this.mappers.clear();
      this.mappers.set(sig, mapper);
    }
    return mapper;
  }

  async probe(signal?: AbortSignal): Promise<void> {
    const url = this.url(this.settings.transactions!.replace(/^\//, ""));
    url.searchParams.set("limit", "1");
    this.page(await getJson(url, this.client, signal));
  }

  protected async readReferenceTable(table: ReferenceTable, source: string, signal?: AbortSignal): Promise<SourceTable> {
    const body = await getJson(this.url(source.replace(/^\//, "")), this.client, signal);
    if (body === null) throw connectorUnavailable(this.id, `the reference table ${table} was not found at the source`);
    const records = this.page(body).records.filter(isRecord);
    const header = this.sharedHeader(records, `reference table ${table}`);
    return { header, rows: records.map((r) => header.map((k) => toSourceValue(r[k]))) };
  }
}

function isRecord(v: unknown): v is JsonRecord {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A nested transaction → one flat row per line (line `amount` becomes `line_amount`). */
function flatten(record: JsonRecord): JsonRecord[] {
  if (!Array.isArray(record.lines)) return [record];
  const { lines, ...head } = record;
  const rows = (lines as unknown[]).filter(isRecord).map((line) => {
    const { amount, ...rest } = line;
    return { ...head, ...rest, ...(amount !== undefined && rest.line_amount === undefined ? { line_amount: amount } : {}) };
  });
  return rows.length > 0 ? rows : [head];
}

function toSourceValue(v: unknown): SourceValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  return JSON.stringify(v);
}
