// The `connectors:` section of the config file. Owned by the connectors feature.
// One closed object for every type: keys that only some types use are optional here and checked
// per type by the type's descriptor (which names the YAML path of each problem). Defaults live here.
import { type Static, Type } from "@sinclair/typebox";
import { CSV_ENCODINGS } from "./csv/reader.ts";

const closed = { additionalProperties: false } as const;

/** A mapping's value: one column, or (where the key takes them) several. Its words when neither ("", []). */
const columns = () =>
  Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })], {
    "x-union-message": "a column name, or a non-empty list of column names (no empty name)",
  });

/** canonical field → source column, or columns: `transaction_id` (a line key) and `sku` (a code and its modifiers) may name several (csv only). */
const Mapping = Type.Record(Type.String(), columns());
/** The transactions' mapping: `transaction_id` (a line key) and `sku` (a code and its modifiers) may name several columns (csv only). */
const TransactionMapping = Type.Record(Type.String(), columns());

const CsvOptions = Type.Object(
  {
    /** One character; "\t" for tab-separated files. Unset: each file's own, found from its first records (csv/delimiter.ts). */
    delimiter: Type.Optional(Type.String({ minLength: 1, maxLength: 1 })),
    /** Decimal separator of numbers: "1234.56" or "1234,56". Unset: each file's own, found from its first records (csv/decimal.ts), else ".". */
    decimal: Type.Optional(Type.Union([Type.Literal("."), Type.Literal(",")])),
    /** Thousands separator to ignore in numbers ("" for none): "1,234.56", "1.234,56", "1 234,56". */
    thousands: Type.Union([Type.Literal(""), Type.Literal(","), Type.Literal("."), Type.Literal(" "), Type.Literal("'")], { default: "" }),
    /** "iso", or a pattern of YYYY MM DD HH mm ss, e.g. "DD/MM/YYYY" or "MM/DD/YYYY HH:mm". Unset: ISO, or each file's own pattern found from its first records' dates (csv/date-format.ts). */
    date_format: Type.Optional(Type.String({ minLength: 1 })),
    /** The row (from 1) holding the transaction files' column names: a report saved with title lines above its header. */
    header_row: Type.Integer({ default: 1, minimum: 1, maximum: 1000 }),
    /** For a folder: which files are read (a simple glob on the file name). */
    pattern: Type.String({ default: "*.csv", minLength: 1 }),
    /** The files' text encoding: UTF-8, the single-byte encoding of many Windows and ERP exports, or `auto` (csv/encoding.ts). */
    encoding: Type.Union(
      (["auto", ...CSV_ENCODINGS] as const).map((e) => Type.Literal(e)),
      { default: "auto" },
    ),
  },
  { ...closed, default: {} },
);

const StatusOptions = Type.Object(
  {
    /** Seconds between background probes. */
    interval_s: Type.Number({ default: 30, minimum: 0.05, maximum: 86_400 }),
    /** A call or probe slower than this marks the connector degraded. */
    slow_ms: Type.Integer({ default: 2000, minimum: 1, maximum: 600_000 }),
    /** Consecutive failures after which the connector is unreachable (calls then fail fast). */
    unreachable_after: Type.Integer({ default: 3, minimum: 1, maximum: 1000 }),
    /** Consecutive fast successes needed to return from degraded to healthy. */
    recover_after: Type.Integer({ default: 3, minimum: 1, maximum: 1000 }),
  },
  { ...closed, default: {} },
);

const HttpAuth = Type.Object(
  {
    bearer: Type.Optional(Type.String({ minLength: 1 })),
    basic: Type.Optional(Type.Object({ username: Type.String(), password: Type.String() }, closed)),
  },
  closed,
);

export const ConnectorEntry = Type.Object(
  {
    id: Type.String({ pattern: "^[a-z0-9][a-z0-9_-]{0,62}$" }),
    type: Type.Union([
      Type.Literal("csv"),
      Type.Literal("sqlite"),
      Type.Literal("postgres"),
      Type.Literal("mysql"),
      Type.Literal("http"),
      Type.Literal("inline"),
    ]),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    enabled: Type.Boolean({ default: true }),
    /** Account ids allowed to use this connector; absent = every account. */
    accounts: Type.Optional(Type.Array(Type.String())),
    /** csv: file or folder · sqlite/postgres/mysql: table name or SELECT query · http: path or URL. */
    transactions: Type.Optional(Type.String({ minLength: 1 })),
    reference: Type.Optional(
      Type.Object(
        {
          contracts: Type.Optional(Type.String({ minLength: 1 })),
          price_list: Type.Optional(Type.String({ minLength: 1 })),
          shipments: Type.Optional(Type.String({ minLength: 1 })),
          /** Reference exchange rates (from, to, rate, valid_from), read beside modules.revenue_leakage.exchange_rates. */
          exchange_rates: Type.Optional(Type.String({ minLength: 1 })),
        },
        closed,
      ),
    ),
    mapping: Type.Optional(TransactionMapping),
    /** The source's own type codes → canonical types (SPEND: payment, ACCRECCREDIT: credit_note). */
    type_values: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String())),
    /** Column mappings of the reference tables (canonical field → source column). */
    reference_mapping: Type.Optional(
      Type.Object(
        { contracts: Type.Optional(Mapping), price_list: Type.Optional(Mapping), shipments: Type.Optional(Mapping), exchange_rates: Type.Optional(Mapping) },
        closed,
      ),
    ),
    /** Per source call (query, request, file read). */
    timeout_ms: Type.Integer({ default: 5000, minimum: 1, maximum: 600_000 }),
    /** One whole scan (every page, batch or file read of it): past it the scan stops, 504. */
    scan_timeout_s: Type.Integer({ default: 600, minimum: 1, maximum: 86_400 }),
    /** How long reference tables are cached before they are read again. */
    reference_ttl_s: Type.Number({ default: 60, minimum: 0, maximum: 86_400 }),
    status: StatusOptions,
    csv: CsvOptions,
    /** sqlite: the database file (opened read-only). */
    path: Type.Optional(Type.String({ minLength: 1 })),
    /** postgres/mysql: connection URL (put the password in ${ENV}); http: base URL. */
    url: Type.Optional(Type.String({ minLength: 1 })),
    /** postgres/mysql: connections in the pool. */
    pool_size: Type.Integer({ default: 5, minimum: 1, maximum: 100 }),
    /** sqlite/postgres/mysql: column that orders the lines of a transaction (e.g. line_no). */
    line_order: Type.Optional(Type.String({ minLength: 1 })),
    /** postgres/mysql/sqlite: rows fetched per round trip while scanning. */
    batch_size: Type.Integer({ default: 1000, minimum: 10, maximum: 100_000 }),
    /** http: path template of a single transaction, e.g. /transactions/{id}. */
    lookup: Type.Optional(Type.String({ minLength: 1 })),
    auth: Type.Optional(HttpAuth),
    headers: Type.Optional(Type.Record(Type.String(), Type.String())),
    max_response_bytes: Type.Integer({ default: 10_485_760, minimum: 1024, maximum: 1_073_741_824 }),
    retries: Type.Integer({ default: 2, minimum: 0, maximum: 10 }),
    backoff_ms: Type.Integer({ default: 200, minimum: 0, maximum: 60_000 }),
    /** http: same-origin redirects followed; a redirect to another origin is refused. */
    max_redirects: Type.Integer({ default: 3, minimum: 0, maximum: 10 }),
    /** http: hosts allowed even though they are loopback, link-local or metadata addresses. */
    allow_hosts: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
  },
  closed,
);

export const ConnectorsSection = Type.Array(ConnectorEntry, { default: [] });

export type ConnectorConfig = Static<typeof ConnectorEntry>;
export type CsvSettings = Static<typeof CsvOptions>;
export type StatusSettings = Static<typeof StatusOptions>;
