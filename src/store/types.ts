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
  /** Sets expires_at to `at` unless the key already expires earlier; records its successor. */
  expire(id: string, at: string, rotatedTo: string): Promise<ApiKeyRecord | null>;
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
}

export interface IdempotencyRepository {
  /** Claims the key for a new request; returns the existing record when it was claimed before. */
  claim(record: IdempotencyRecord): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRecord }>;
  complete(accountId: string, key: string, status: number, headers: Record<string, string>, body: string): Promise<void>;
  /** Drops a claim whose request ended without a response worth replaying. */
  release(accountId: string, key: string): Promise<void>;
  purgeExpired(now: string): Promise<number>;
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
  insert(record: AnalysisRecord): Promise<void>;
  setAlert(id: string, alertId: string): Promise<void>;
  /** Streams an account's analyses in creation order. */
  iterate(accountId: string, query?: AnalysisQuery): AsyncIterable<AnalysisRecord>;
}

export interface Store {
  readonly accounts: AccountRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly idempotency: IdempotencyRepository;
  readonly analyses: AnalysisRepository;
  /** Throws when the store cannot serve reads and writes. */
  ping(): Promise<void>;
  close(): void;
}

/** Raised by a store when it cannot do its work (disk full, read-only, corrupt, locked). */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}
