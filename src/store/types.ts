import type { ClaimHolder, IdempotencyRef, ResourceRef } from "../domain/idempotency.ts";

// Storage interfaces. Every repository is asynchronous so that a PostgreSQL driver can implement
// the same contract later; the embedded SQLite implementation answers synchronously underneath.

export interface Account {
  id: string;
  name: string;
  plan: string;
  created_at: string;
}

export interface ApiKeyRecord {
  id: string;
  account_id: string;
  name: string | null;
  /** The first characters of the key, for people to recognise it in `keys list`. */
  prefix: string;
  key_hash: string;
  /** AES-256-GCM ciphertext of the signing secret under the master key. */
  secret_enc: Uint8Array;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  rotated_to: string | null;
  /** Updated at most once a minute per key (see KeyService.noteUse); null until first used. */
  last_used_at?: string | null;
}

export interface AccountRepository {
  create(account: Account): Promise<Account>;
  get(id: string): Promise<Account | null>;
  list(): Promise<Account[]>;
  setPlan(id: string, plan: string): Promise<Account | null>;
}

export interface ApiKeyRepository {
  create(key: ApiKeyRecord): Promise<ApiKeyRecord>;
  get(id: string): Promise<ApiKeyRecord | null>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  list(accountId?: string): Promise<ApiKeyRecord[]>;
  revoke(id: string, at: string): Promise<ApiKeyRecord | null>;
  /**
   * Replaces key `id` by `successor`, atomically: in one transaction, inserts the successor and
   * sets the old key's expires_at to `at` (unless it already expires earlier) and rotated_to.
   * Only a key neither rotated nor revoked is replaced; otherwise nothing is written and the
   * result is null (two rotations racing: exactly one wins). Returns the old key as updated.
   */
  rotate(id: string, successor: ApiKeyRecord, at: string): Promise<ApiKeyRecord | null>;
  /** Records that the key was used at `at` (callers throttle this). */
  touch(id: string, at: string): Promise<void>;
}

export interface IdempotencyRecord {
  account_id: string;
  key: string;
  fingerprint: string;
  /** 0 while the first request is still running. */
  status: number;
  headers: Record<string, string>;
  body: string;
  created_at: string;
  expires_at: string;
  /** The process holding an unfinished claim (`<host>:<pid>:<boot nonce>`). */
  owner?: string | null;
  /** Until when the owner may hold the claim before another process resolves it. */
  lease_until?: string | null;
  /** The resource the request committed (written in the resource's own transaction). */
  resource?: ResourceRef | null;
  /** This claim's own token (random per claim; null on claims made before tokens existed). */
  token?: string | null;
}

export interface IdempotencyRepository {
  /** Claims the key for a new request; returns the existing record when it was claimed before. */
  claim(record: IdempotencyRecord): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRecord }>;
  /** Stores the response of the unfinished claim `holder` names. */
  complete(accountId: string, key: string, holder: ClaimHolder, status: number, headers: Record<string, string>, body: string): Promise<void>;
  /**
   * Drops the unfinished claim `holder` names, only while its recorded resource is still
   * `resource` (null: no write recorded itself on it), checked in the same statement: a claim
   * whose write committed is never dropped, so that write is never done a second time. Returns
   * whether it was dropped.
   */
  release(accountId: string, key: string, holder: ClaimHolder, resource?: ResourceRef | null): Promise<boolean>;
  /** Extends the lease of every unfinished claim `owner` holds (its heartbeat). */
  renew(owner: string, leaseUntil: string): Promise<void>;
  /** Unfinished claims (status 0), oldest first. */
  unfinished(limit: number): Promise<IdempotencyRecord[]>;
  get(accountId: string, key: string): Promise<IdempotencyRecord | null>;
  purgeExpired(now: string): Promise<number>;
}

/**
 * A write was to record itself on an Idempotency-Key claim that is no longer there as its
 * request took it (taken for abandoned and released): the write is refused, so the key never
 * gets two writes; its request answers 409 and the retry runs it (or replays another's).
 */
export class IdempotencyClaimLostError extends Error {
  constructor(readonly key: string) {
    super(`the Idempotency-Key claim of "${key}" was resolved before this request's write committed`);
    this.name = "IdempotencyClaimLostError";
  }
}

/** A recorded analysis (not addressable through the API; reports aggregate these). */
export interface AnalysisRecord {
  id: string;
  account_id: string;
  connector: string;
  module: string;
  transaction_id: string | null;
  customer_id: string | null;
  risk_score: number;
  risk_level: string;
  amount_at_risk: number;
  currency: string | null;
  anomaly_codes: string[];
  transactions_analyzed: number;
  alert_id: string | null;
  created_at: string;
  /** The full AnalysisResult as returned to the client. */
  result: unknown;
}

export interface AnalysisQuery {
  from?: string;
  to?: string;
  connector?: string;
  module?: string;
}

export interface AnalysisRepository {
  /** Records an analysis; `claim` marks the Idempotency-Key claim it answers, in the same transaction. */
  insert(record: AnalysisRecord, claim?: IdempotencyRef): Promise<void>;
  /** Streams an account's analyses in creation order. */
  iterate(accountId: string, query?: AnalysisQuery): AsyncIterable<AnalysisRecord>;
}

/** Deletes analyses past `storage.analyses_retention_days` (analysis/retention.ts). */
export interface AnalysisRetention {
  /** Deletes up to `limit` analyses whose id is below `beforeId` (made earlier: ids start with their time); returns how many. */
  purgeBefore(beforeId: string, limit: number): Promise<number>;
}

/** Reads one analysis back (idempotency recovery rebuilds a lost response from it). */
export interface AnalysisLookup {
  get(accountId: string, id: string): Promise<AnalysisRecord | null>;
}

/** Facts about the database itself (e.g. the master key check value). */
export interface MetaRepository {
  get(key: string): Promise<Uint8Array | null>;
  /** Stores the value unless the key is set; returns the value now stored. */
  putIfAbsent(key: string, value: Uint8Array): Promise<Uint8Array>;
}

export interface StoreCounts {
  analyses: number;
  alerts: Record<string, number>;
  reports: Record<string, number>;
  outbox: Record<string, number>;
}

export interface MigrationState {
  version: number;
  name: string;
  /** When it was applied; null while pending. */
  applied_at: string | null;
}

/** Signed requests already received, shared by every node of one store. */
export interface ReplayRepository {
  /** True when `key` was not seen (or its previous sighting expired); records it until `expiresAt`. */
  firstSeen(key: string, expiresAt: string, now: string): Promise<boolean>;
  /** Removes `key`: the request it recorded was refused unprocessed, and may be sent again. */
  forget(key: string): Promise<void>;
  purge(now: string): Promise<number>;
  /**
   * A single node's store only (SQLite, whose guard is in memory; PostgreSQL's table is the shared
   * guard itself): stores the signatures the guard had seen when the server stops, replacing what
   * was kept.
   */
  keepAll?(entries: { key: string; expires_at: string }[]): Promise<void>;
  /** The kept signatures still in their window; forgets them all (the next start reads them once). */
  takeAll?(now: string): Promise<{ key: string; expires_at: string }[]>;
}

export interface Store {
  readonly driver: "sqlite" | "postgres";
  readonly accounts: AccountRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly idempotency: IdempotencyRepository;
  readonly analyses: AnalysisRepository & AnalysisLookup & AnalysisRetention;
  readonly alerts: AlertRepository;
  readonly outbox: OutboxRepository;
  readonly reports: ReportRepository;
  readonly meta: MetaRepository;
  readonly models: LearnedModelRepository;
  readonly suppressions: SuppressionRepository;
  readonly replay: ReplayRepository;
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly audit: AuditRepository;
  readonly usage: UsageRepository;
  /** Throws when the store cannot serve reads and writes. */
  ping(): Promise<void>;
  /**
   * The database server's wall clock (ms since the epoch), where nodes on several hosts share the
   * store (PostgreSQL): their leases and expiries are compared on one timeline
   * (store/database-time.ts). Absent for SQLite: one host, one clock.
   */
  databaseTime?(): Promise<number>;
  /**
   * Start-up checks too slow to run before serving (SQLite: quick_check of a large file, in a
   * worker thread); resolves with the problem found, or null. The server calls it once listening.
   */
  checkAfterOpen(): Promise<string | null>;
  /**
   * Background work of the store while a server runs (SQLite: WAL checkpoints on a worker
   * thread; a watch that its files are still in place, which calls `onProblem` with what
   * happened, and with null when it is over). The server calls it once listening; resolves with a
   * warning to log, or null.
   */
  beginServing(onProblem?: (problem: string | null) => void): Promise<string | null>;
  /** Row counts for /metrics: analyses, alerts by status, reports and webhook outbox by status. */
  counts(): Promise<StoreCounts>;
  /** Applies pending migrations; returns the versions applied. */
  migrate(): Promise<number[]>;
  /** Every known migration, applied or pending (applies none). */
  migrations(): Promise<MigrationState[]>;
  close(): void | Promise<void>;
}

// ---- Alerts, their history and the webhook outbox (alerts feature) ----

export type AlertStatus = "open" | "acknowledged" | "resolved" | "dismissed";

export interface AlertRecord {
  id: string;
  account_id: string;
  status: AlertStatus;
  severity: string;
  title: string;
  description: string | null;
  source: "api" | "analysis";
  connector: string | null;
  module: string | null;
  transaction_id: string | null;
  analysis_id: string | null;
  risk_score: number | null;
  anomalies: unknown[];
  metadata: Record<string, unknown>;
  resolution: string | null;
  /** Connector + transaction of an alert opened by an analysis; null for manual alerts. */
  dedupe_key: string | null;
  created_by_key: string | null;
  created_at: string;
  updated_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
  dismissed_at: string | null;
}

export interface AlertEventRecord {
  id: string;
  alert_id: string;
  account_id: string;
  /** created | status_changed | updated */
  type: string;
  from_status: string | null;
  to_status: string | null;
  resolution: string | null;
  note: string | null;
  changes: Record<string, unknown>;
  actor_type: "api_key" | "system" | "user";
  /** The dashboard user (actor_type "user"). */
  actor_user?: string | null;
  actor_key: string | null;
  actor_account: string | null;
  created_at: string;
}

export interface OutboxMessage {
  id: string;
  event_id: string;
  event_type: string;
  target: string;
  payload: string;
  status: "pending" | "delivered" | "dead";
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  last_status: number | null;
  created_at: string;
  delivered_at: string | null;
}

/** An alert cannot become active: another active alert already covers its connector and transaction. */
export class ActiveAlertExistsError extends Error {
  constructor(readonly existingId: string | null) {
    super("another active alert exists for this connector and transaction");
    this.name = "ActiveAlertExistsError";
  }
}

/** Builds the notifications of an alert change; called inside the change's transaction. */
export type OutboxBuilder = (alert: AlertRecord, event: AlertEventRecord) => OutboxMessage[];

export interface AlertListQuery {
  /** Undefined only for the admin CLI, which sees every account. */
  account_id?: string;
  status?: AlertStatus;
  severity?: string;
  connector?: string;
  since?: string;
  starting_after?: string;
  limit: number;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

/** What a state change decides once it has seen the current alert (inside the transaction). */
export type AlertDecision =
  | { ok: true; patch: Partial<AlertRecord>; event: AlertEventRecord }
  | { ok: false; error: Error };

export interface AlertRepository {
  /** Inserts an alert, its `created` event and its notifications (and marks `claim`) in one transaction. */
  create(alert: AlertRecord, event: AlertEventRecord, outbox: OutboxBuilder, claim?: IdempotencyRef): Promise<AlertRecord>;
  get(accountId: string, id: string): Promise<AlertRecord | null>;
  list(query: AlertListQuery): Promise<Page<AlertRecord>>;
  /** Reads the alert, lets `decide` refuse or patch it, and writes patch, event and notifications atomically. */
  change(accountId: string, id: string, decide: (current: AlertRecord) => AlertDecision, outbox: OutboxBuilder): Promise<AlertRecord | null>;
  /**
   * Opens an alert for (account, dedupe_key) unless an active one exists, in which case `refresh`
   * may patch it (null = leave it alone). Atomic across processes. `open` makes the alert to
   * create (with this key) and its `created` event: called only when none is active (most
   * re-analyses find one, and need no new ids, title or description). `analysis`, when given, is
   * recorded in the same transaction with the alert's id (and marks its Idempotency-Key claim).
   * With `analysis.unlessSuppressed`, a matching false-positive suppression of the account
   * (SuppressionRepository.matches) opens and changes nothing: the analysis is recorded without
   * an alert and `alert` is null. (SQLite checks it in the write transaction: no read of its own.)
   */
  openOrRefresh(
    key: AlertKey,
    open: () => { alert: AlertRecord; event: AlertEventRecord },
    refresh: AlertRefresh,
    outbox: OutboxBuilder,
    analysis?: { record: AnalysisRecord; claim?: IdempotencyRef; unlessSuppressed?: SuppressionKey },
  ): Promise<OpenOrRefreshResult>;
  events(accountId: string, alertId: string, query: { starting_after?: string; limit: number }): Promise<Page<AlertEventRecord>>;
  /** Streams an account's alerts created in a period, in creation order (for reports). */
  iterate(accountId: string, query: { from?: string; to?: string; connector?: string }): AsyncIterable<AlertRecord>;
}

export interface OutboxRepository {
  /** The oldest pending message of each target whose attempt is due (one per target keeps order). */
  due(now: string, limit: number): Promise<OutboxMessage[]>;
  /** The oldest pending message of one target, due or not. */
  head(target: string): Promise<OutboxMessage | null>;
  delivered(id: string, at: string, status: number, attempts: number): Promise<void>;
  retryLater(id: string, attempts: number, nextAt: string, error: string, status: number | null): Promise<void>;
  dead(id: string, attempts: number, error: string, status: number | null): Promise<void>;
  get(id: string): Promise<OutboxMessage | null>;
  /**
   * Takes a due pending message for one delivery attempt: moves its next attempt to `leaseUntil`
   * so no other node picks it meanwhile (a node dying mid-attempt leaves it due again then).
   */
  claim(id: string, now: string, leaseUntil: string): Promise<boolean>;
  /** Undoes a claim whose attempt never happened (shutdown): the message is due at `nextAt` again. */
  unclaim(id: string, nextAt: string): Promise<void>;
  list(query?: { status?: OutboxMessage["status"]; target?: string }): Promise<OutboxMessage[]>;
  /** Deletes delivered and dead messages older than `before`. */
  purge(before: string): Promise<number>;
}

// ---- Reports (reports feature) ----

export type ReportStatus = "queued" | "running" | "completed" | "failed";

export interface ReportRecord {
  id: string;
  account_id: string;
  type: string;
  format: string;
  status: ReportStatus;
  period_from: string | null;
  period_to: string | null;
  connector: string | null;
  module: string | null;
  progress_processed: number;
  progress_total: number | null;
  summary: Record<string, unknown> | null;
  /** File name under reports.dir once completed. */
  file: string | null;
  bytes: number | null;
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  runner: string | null;
  /** Until when the runner holds the report (renewed while it runs); past it, another node may take it. */
  lease_until: string | null;
  created_by_key: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface ReportRepository {
  /**
   * Inserts a queued report. With `maxActive`, refuses (ActiveReportsLimitError) when the account
   * already has that many reports queued or running, checked in the same transaction.
   */
  create(report: ReportRecord, claim?: IdempotencyRef, maxActive?: number): Promise<ReportRecord>;
  get(accountId: string, id: string): Promise<ReportRecord | null>;
  list(query: { account_id: string; starting_after?: string; limit: number }): Promise<Page<ReportRecord>>;
  /** Atomically moves the oldest queued report to running for `runner`, leased until `leaseUntil`. */
  claimNext(runner: string, at: string, leaseUntil?: string | null): Promise<ReportRecord | null>;
  /** Atomically moves one queued report to running for `runner` (null if someone else has it). */
  claim(id: string, runner: string, at: string, leaseUntil?: string | null): Promise<ReportRecord | null>;
  /** Extends the lease of a report `runner` still runs; false when it no longer holds it. */
  renew(id: string, runner: string, leaseUntil: string): Promise<boolean>;
  progress(id: string, processed: number, total: number | null): Promise<void>;
  complete(id: string, at: string, summary: Record<string, unknown>, file: string, bytes: number): Promise<void>;
  fail(id: string, at: string, code: string, message: string): Promise<void>;
  /** Running reports (to find those whose runner died or whose lease ran out). */
  running(): Promise<ReportRecord[]>;
  /** Puts a running report back in the queue (its runner died or stopped). */
  requeue(id: string, runner: string): Promise<boolean>;
  /** Finished reports completed before `before`, oldest first. */
  expired(before: string, limit: number): Promise<ReportRecord[]>;
  delete(id: string): Promise<void>;
}

/** Raised by ReportRepository.create when the account already has `maxActive` reports queued or running. */
export class ActiveReportsLimitError extends Error {
  constructor(readonly maxActive: number) {
    super(`the account already has ${maxActive} reports queued or running`);
    this.name = "ActiveReportsLimitError";
  }
}

/** Raised by a store when it cannot do its work (disk full, read-only, corrupt, locked). */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}

// ---- Learning from outcomes (issue 16) ----

export interface LearnedModelRecord {
  id: string;
  connector: string;
  /** 1, 2, … per connector. */
  version: number;
  status: "active" | "retired" | "rolled_back";
  threshold: number;
  /** module id → code → weight. */
  weights: Record<string, Record<string, number>>;
  /** What the fit measured (before/after on held-out resolutions, label counts). */
  metrics: Record<string, unknown>;
  labels: number;
  created_at: string;
}

export interface LearnedModelRepository {
  /** Adds the next version of the connector's model as active, retiring the active one, atomically. */
  activate(model: Omit<LearnedModelRecord, "version" | "status">): Promise<LearnedModelRecord>;
  /** Every connector's active model. */
  active(): Promise<LearnedModelRecord[]>;
  /** The connector's models, newest first. */
  list(connector: string): Promise<LearnedModelRecord[]>;
  /**
   * Marks the active model rolled back and re-activates the newest retired one before it (null:
   * back to the configured weights). Throws when the connector has no active model.
   */
  rollback(connector: string): Promise<LearnedModelRecord | null>;
}

export interface SuppressionRecord {
  id: string;
  account_id: string;
  connector: string;
  /** Sorted, comma-separated finding codes of the dismissed alert. */
  codes: string;
  /** The customer (`customer:<id>`), else the transaction (`transaction:<id>`). */
  entity: string;
  alert_id: string;
  created_at: string;
}

/** The alert an analysis opens or refreshes: one active alert per account and dedupe key. */
export interface AlertKey {
  account_id: string;
  dedupe_key: string | null;
}

/** What a suppression matches on (SuppressionRecord's columns): the account is the alert's. */
export interface SuppressionKey {
  connector: string;
  codes: string;
  entity: string;
}

/** The change a re-analysis makes to the active alert, or null: none. */
export type AlertChange = { patch: Partial<AlertRecord>; event: AlertEventRecord } | null;

/** The columns of an active alert that tell whether a re-analysis leaves it as it is. */
export type AlertProbe = Pick<AlertRecord, "id" | "analysis_id" | "risk_score" | "anomalies">;

/**
 * How openOrRefresh treats an active alert: `change` decides on the whole alert; `unchanged`,
 * when given, first decides from its probe alone (a store may read only those columns: most
 * re-analyses change nothing) and must agree with `change` (unchanged ⇒ change gives null).
 */
export type AlertRefresh = ((current: AlertRecord) => AlertChange) | { unchanged(probe: AlertProbe): boolean; change(current: AlertRecord): AlertChange };

/** `change` of either form of AlertRefresh, the probe's verdict applied first. */
export function changeOf(refresh: AlertRefresh): (current: AlertRecord) => AlertChange {
  if (typeof refresh === "function") return refresh;
  return (current) => (refresh.unchanged(current) ? null : refresh.change(current));
}

/**
 * The alert opened (created), refreshed or found: `alert` is the whole record unless the probe
 * found it unchanged (then only its id is known); `id` null: a suppressed analysis, no alert.
 */
export type OpenOrRefreshResult = { id: string; alert?: AlertRecord; created: boolean } | { id: null; alert?: undefined; created: false };

export interface SuppressionRepository {
  /** Records a pattern (an existing identical one is kept). */
  add(record: SuppressionRecord): Promise<void>;
  matches(accountId: string, connector: string, codes: string, entity: string): Promise<boolean>;
  /** Lifts the suppressions an alert recorded (it was reopened). */
  removeForAlert(alertId: string): Promise<number>;
  list(accountId: string, connector?: string): Promise<SuppressionRecord[]>;
}

// ---- Dashboard users, sessions and the audit log (dashboard feature) ----

export type UserRole = "developer" | "admin";
export type UserStatus = "invited" | "active" | "disabled";

export interface UserRecord {
  id: string;
  /** Lower-cased. */
  email: string;
  account_id: string;
  role: UserRole;
  /** argon2id (Bun.password); null until the setup link is used. */
  password_hash: string | null;
  status: UserStatus;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
}

export interface SetupTokenRecord {
  /** SHA-256 hex of the token in the link. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface UserRepository {
  create(user: UserRecord): Promise<UserRecord>;
  get(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  list(accountId?: string): Promise<UserRecord[]>;
  /** The updated user; null when there is none — or, with `onlyIfStatus`, when its status is another. */
  update(
    id: string,
    patch: Partial<Pick<UserRecord, "password_hash" | "status" | "role" | "last_sign_in_at">> & { updated_at: string },
    onlyIfStatus?: UserStatus,
  ): Promise<UserRecord | null>;
  /** Stores a new setup token; every earlier unused token of the user stops working. */
  addSetupToken(token: SetupTokenRecord): Promise<void>;
  /** Every unused setup token of the user stops working (a disabled user's link). */
  voidSetupTokens(userId: string, at: string): Promise<void>;
  /** Marks an unexpired, unused token used and returns its user id (atomic: single use). */
  consumeSetupToken(tokenHash: string, now: string): Promise<string | null>;
  /** The unused, unexpired token's user id without consuming it (to show the setup form). */
  peekSetupToken(tokenHash: string, now: string): Promise<string | null>;
}

export interface SessionRecord {
  /** SHA-256 hex of the id in the cookie. */
  id_hash: string;
  user_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute timeout. */
  expires_at: string;
}

export interface SessionRepository {
  create(session: SessionRecord): Promise<void>;
  get(idHash: string): Promise<SessionRecord | null>;
  touch(idHash: string, at: string): Promise<void>;
  delete(idHash: string): Promise<void>;
  deleteForUser(userId: string): Promise<void>;
  /** Deletes sessions past their absolute timeout or idle since before `idleBefore`. */
  purge(now: string, idleBefore: string): Promise<number>;
}

export type AuditActorType = "cli" | "user" | "api_key" | "system";

export interface AuditEventRecord {
  id: string;
  /** e.g. key.created, key.revoked, key.rotated, account.plan_changed, user.invited, user.signed_in, user.sign_in_failed */
  type: string;
  account_id: string | null;
  actor_type: AuditActorType;
  /** The user id, key id, or null for the CLI and the system. */
  actor_id: string | null;
  /** The object acted on (key id, user id, account id). */
  target: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

export interface AuditQuery {
  account_id?: string;
  type?: string;
  /** Events with an id below this one (newest first paging). */
  before?: string;
  limit: number;
}

export interface AuditRepository {
  insert(event: AuditEventRecord): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<Page<AuditEventRecord>>;
}

// ---- Usage per account, key and minute (dashboard feature) ----

export interface UsageRow {
  account_id: string;
  /** '' when no key was recognised. */
  key_id: string;
  /** Minutes since the Unix epoch. */
  minute: number;
  requests: number;
  /** Refused with 429. */
  limited: number;
  /** Refused with 401. */
  failed_auth: number;
}

export interface UsageRepository {
  /** Adds the counts to what is stored (several nodes add to the same rows). */
  add(rows: UsageRow[]): Promise<void>;
  /** An account's rows with from <= minute < to, in minute order. */
  series(accountId: string, fromMinute: number, toMinute: number): Promise<UsageRow[]>;
  purge(beforeMinute: number): Promise<number>;
}
