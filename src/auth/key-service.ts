// Accounts and API keys: minting, listing, revoking, rotating, and resolving a presented key to
// its account on every request. A successful lookup is remembered for AUTH_CACHE_MS only, so a
// key minted or revoked by the CLI (another process) takes effect within that time, while a busy
// client does not cost a hash and two queries per request.
import { type AuditActor, type AuditService, SYSTEM_ACTOR } from "../audit/service.ts";
import { readWithin } from "../store/deadline.ts";
import type { Clock } from "../domain/clock.ts";
import { iso } from "../domain/clock.ts";
import { newId } from "../domain/ids.ts";
import type { Account, ApiKeyRecord, Store } from "../store/types.ts";
import { displayPrefix, hashApiKey, isWellFormedApiKey, mintApiKey, mintSecret } from "./api-key.ts";
import { open, openAsync, seal } from "./master-key.ts";
import { ownValue } from "../domain/records.ts";

export interface MintedKey {
  id: string;
  object: "api_key";
  key: string;
  secret: string;
  account: string;
  name: string | null;
  created_at: string;
  expires_at: string | null;
}

export interface PublicKeyView {
  id: string;
  object: "api_key";
  account: string;
  name: string | null;
  prefix: string;
  status: "active" | "expired" | "revoked";
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  rotated_to: string | null;
  last_used_at: string | null;
}

export interface AuthenticatedKey {
  account: Account;
  key: ApiKeyRecord;
  secret: string;
}

/** Throws when `key` cannot be rotated: missing, revoked, or already replaced. */
function refuseRotation(keyId: string, key: ApiKeyRecord | null): void {
  if (!key) throw new KeyServiceError("unknown_key", `no key ${keyId}`);
  if (key.revoked_at) throw new KeyServiceError("key_revoked", `key ${keyId} is revoked; create a new key instead`);
  if (key.rotated_to) throw new KeyServiceError("key_rotated", `key ${keyId} was already rotated to ${key.rotated_to}; rotate ${key.rotated_to} instead`);
}

export class KeyServiceError extends Error {
  constructor(
    readonly code: "unknown_account" | "unknown_key" | "unknown_plan" | "key_revoked" | "key_rotated",
    message: string,
  ) {
    super(message);
  }
}

const SECRET_CACHE_LIMIT = 10_000;
/** How long a verified key is trusted without asking the database again (< the 1 s promise). */
export const AUTH_CACHE_MS = 500;

/** The longest a key is minted for, or kept in its rotation's grace (the CLI and the dashboard alike): ten years. */
export const MAX_KEY_LIFETIME_DAYS = 3650;
const AUTH_CACHE_LIMIT = 10_000;
/** last_used_at is written at most this often per key: a busy key costs no write per request. */
const LAST_USED_EVERY_MS = 60_000;

export class KeyService {
  /** Decrypted secrets by key id: AES-GCM per request would be wasted work. Bounded. */
  private readonly secrets = new Map<string, string>();
  /** Recently verified keys by the presented key string. Bounded; positive results only. */
  private readonly recent = new Map<string, { auth: AuthenticatedKey; until: number }>();
  /** Monotonic time each key's last_used_at was last written by this process. */
  private readonly lastUseWritten = new Map<string, number>();
  /**
   * Hashes of the active keys with a use on record when this process started (read with their
   * secrets, warmSecrets): like `recent`, they are verified from an address over its failure
   * allowance — else a restart locked every client behind a NAT with one failing script out.
   */
  private readonly usedBefore = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly masterKey: Buffer,
    private readonly clock: Clock,
    private readonly plans: () => Record<string, unknown>,
    /** Records key and plan changes; absent in tools that must not write the log. */
    private readonly audit?: AuditService,
  ) {}

  async createAccount(name: string, plan = "standard", actor: AuditActor = SYSTEM_ACTOR): Promise<Account> {
    this.assertPlan(plan);
    const account = await this.store.accounts.create({ id: newId("acct"), name, plan, created_at: iso(this.clock.now()) });
    await this.audit?.record("account.created", actor, { account_id: account.id, target: account.id, details: { name, plan } });
    return account;
  }

  async setPlan(accountId: string, plan: string, actor: AuditActor = SYSTEM_ACTOR): Promise<Account> {
    this.assertPlan(plan);
    const before = await this.store.accounts.get(accountId);
    const account = await this.store.accounts.setPlan(accountId, plan);
    if (!account) throw new KeyServiceError("unknown_account", `no account ${accountId}`);
    await this.audit?.record("account.plan_changed", actor, { account_id: accountId, target: accountId, details: { from: before?.plan ?? null, to: plan } });
    return account;
  }

  getAccount(accountId: string): Promise<Account | null> {
    return this.store.accounts.get(accountId);
  }

  listAccounts(): Promise<Account[]> {
    return this.store.accounts.list();
  }

  planNames(): string[] {
    return Object.keys(this.plans());
  }

  async getKey(keyId: string): Promise<PublicKeyView | null> {
    const record = await this.store.apiKeys.get(keyId);
    return record ? this.view(record) : null;
  }

  /** Notes a successful use of a key; writes last_used_at at most once a minute per key. */
  noteUse(keyId: string): void {
    const now = this.clock.monotonic();
    const last = this.lastUseWritten.get(keyId);
    if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
    if (this.lastUseWritten.size >= AUTH_CACHE_LIMIT) this.lastUseWritten.clear();
    this.lastUseWritten.set(keyId, now);
    this.store.apiKeys.touch(keyId, iso(this.clock.now())).catch(() => this.lastUseWritten.delete(keyId));
  }

  async createKey(accountId: string, options: { name?: string; expiresInMs?: number; actor?: AuditActor } = {}): Promise<MintedKey> {
    const account = await this.store.accounts.get(accountId);
    if (!account) throw new KeyServiceError("unknown_account", `no account ${accountId}`);
    const { record, minted } = this.mint(account.id, options.name ?? null, options.expiresInMs);
    await this.store.apiKeys.create(record);
    await this.recordCreated(record, options.actor ?? SYSTEM_ACTOR);
    return minted;
  }

  /** A new key and secret (not stored yet): the record to store and what its owner is shown once. */
  private mint(accountId: string, name: string | null, expiresInMs?: number): { record: ApiKeyRecord; minted: MintedKey } {
    const now = this.clock.now();
    const id = newId("key", now);
    const key = mintApiKey();
    const secret = mintSecret();
    const record: ApiKeyRecord = {
      id,
      account_id: accountId,
      name,
      prefix: displayPrefix(key),
      key_hash: hashApiKey(key),
      secret_enc: seal(this.masterKey, secret, id),
      created_at: iso(now),
      expires_at: expiresInMs !== undefined ? iso(now + expiresInMs) : null,
      revoked_at: null,
      rotated_to: null,
    };
    return { record, minted: { id, object: "api_key", key, secret, account: accountId, name, created_at: record.created_at, expires_at: record.expires_at } };
  }

  private async recordCreated(record: ApiKeyRecord, actor: AuditActor): Promise<void> {
    await this.audit?.record("key.created", actor, {
      account_id: record.account_id,
      target: record.id,
      details: { name: record.name, prefix: record.prefix, expires_at: record.expires_at },
    });
  }

  async listKeys(accountId?: string): Promise<PublicKeyView[]> {
    return (await this.store.apiKeys.list(accountId)).map((k) => this.view(k));
  }

  async revokeKey(keyId: string, actor: AuditActor = SYSTEM_ACTOR): Promise<PublicKeyView> {
    const record = await this.store.apiKeys.revoke(keyId, iso(this.clock.now()));
    if (!record) throw new KeyServiceError("unknown_key", `no key ${keyId}`);
    this.secrets.delete(keyId);
    this.usedBefore.delete(record.key_hash);
    for (const [presented, entry] of this.recent) if (entry.auth.key.id === keyId) this.recent.delete(presented);
    // A request arriving from now on does not join a lookup that may have read the key before.
    this.lookups.clear();
    await this.audit?.record("key.revoked", actor, { account_id: record.account_id, target: keyId, details: { name: record.name, prefix: record.prefix } });
    return this.view(record);
  }

  /**
   * A new key and secret for the same account; the old key keeps working for `graceMs`. A key
   * is replaced once: rotating a key already rotated (two admins at the same moment, or a
   * second try) fails with key_rotated naming its successor, and mints nothing.
   */
  async rotateKey(keyId: string, graceMs: number, actor: AuditActor = SYSTEM_ACTOR): Promise<{ key: MintedKey; previous: PublicKeyView }> {
    const old = await this.store.apiKeys.get(keyId);
    refuseRotation(keyId, old);
    // The successor keeps the old key's lifetime from now on: rotating (to renew a secret) must not
    // make a key that was meant to expire one that never does.
    const lifetimeMs = old!.expires_at === null ? undefined : Date.parse(old!.expires_at) - Date.parse(old!.created_at);
    const { record, minted } = this.mint(old!.account_id, old!.name, lifetimeMs);
    const previous = await this.store.apiKeys.rotate(keyId, record, iso(this.clock.now() + graceMs));
    if (!previous) {
      // Another rotation (or a revocation) committed between the read and the write.
      refuseRotation(keyId, await this.store.apiKeys.get(keyId));
      throw new KeyServiceError("key_rotated", `key ${keyId} changed while it was being rotated; try again`);
    }
    await this.recordCreated(record, actor);
    await this.audit?.record("key.rotated", actor, {
      account_id: previous.account_id,
      target: keyId,
      details: { name: previous.name, prefix: previous.prefix, new_key: minted.id, old_key_expires_at: previous.expires_at },
    });
    return { key: minted, previous: this.view(previous) };
  }

  /**
   * The answer authenticate() would give from the cache alone (undefined when the key is not
   * cached): lets the hot path stay synchronous while the cache answers.
   */
  cached(presented: string): AuthenticatedKey | null | undefined {
    const cached = this.recent.get(presented);
    if (cached === undefined || cached.until <= this.clock.monotonic()) return undefined;
    return this.statusOf(cached.auth.key) === "active" ? cached.auth : null;
  }

  /**
   * Whether this key authenticated on this node before and has not failed since (its cache entry
   * outlives the AUTH_CACHE_MS answer, until a failure, a revocation or the bound evicts it), or
   * had a use on record when this process started. An address over its failure allowance keeps
   * such keys working without opening lookups to keys an attacker makes up.
   */
  hasAuthenticated(presented: string): boolean {
    if (this.recent.has(presented)) return true;
    return this.usedBefore.size > 0 && isWellFormedApiKey(presented) && this.usedBefore.has(hashApiKey(presented));
  }

  /** Resolves a presented API key; null for unknown, malformed, revoked or expired keys. */
  authenticate(presented: string): Promise<AuthenticatedKey | null> {
    const cached = this.cached(presented);
    if (cached !== undefined) return Promise.resolve(cached);
    if (!isWellFormedApiKey(presented)) return Promise.resolve(null);
    // When a key's cached answer expires (every AUTH_CACHE_MS), every request of it then in
    // flight missed the cache: they share one lookup instead of each hashing the key and reading
    // it and its account (64 at once under wrk -c64). A request joins a lookup begun after the
    // cached answer expired, so it still sees the store as of less than a second ago.
    let lookup = this.lookups.get(presented);
    if (lookup === undefined) {
      lookup = this.lookUp(presented).finally(() => {
        if (this.lookups.get(presented) === lookup) this.lookups.delete(presented);
      });
      this.lookups.set(presented, lookup);
    }
    return lookup;
  }

  /** Lookups of keys under way, by the presented key (authenticate); an entry lives until its lookup settles. */
  private readonly lookups = new Map<string, Promise<AuthenticatedKey | null>>();

  private async lookUp(presented: string): Promise<AuthenticatedKey | null> {
    const now = this.clock.monotonic();
    const hash = hashApiKey(presented);
    const record = await readWithin(this.store.apiKeys.findByHash(hash), "reading the API key");
    if (!record || this.statusOf(record) !== "active") {
      this.recent.delete(presented);
      this.usedBefore.delete(hash); // revoked or expired since (by the CLI, another node)
      return null;
    }
    const account = await readWithin(this.store.accounts.get(record.account_id), "reading the account");
    if (!account) return null;
    const auth = { account, key: record, secret: this.secretOf(record) };
    if (this.recent.size >= AUTH_CACHE_LIMIT) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(presented, { auth, until: now + AUTH_CACHE_MS });
    return auth;
  }

  /**
   * Decrypts the secrets of active keys ahead of their first request, with WebCrypto: the first
   * signed request then neither decrypts nor loads node:crypto (cold start, docs/benchmarks.md).
   * A key minted later is decrypted on its first request, as before. Notes, too, which keys have
   * a use on record (usedBefore).
   */
  async warmSecrets(): Promise<number> {
    let warmed = 0;
    for (const record of await this.store.apiKeys.list()) {
      if (this.statusOf(record) !== "active") continue;
      if (record.last_used_at && this.usedBefore.size < AUTH_CACHE_LIMIT) this.usedBefore.add(record.key_hash);
      if (warmed >= SECRET_CACHE_LIMIT || this.secrets.has(record.id)) continue;
      this.secrets.set(record.id, await openAsync(this.masterKey, record.secret_enc, record.id));
      warmed++;
    }
    return warmed;
  }

  private secretOf(record: ApiKeyRecord): string {
    let secret = this.secrets.get(record.id);
    if (secret === undefined) {
      secret = open(this.masterKey, record.secret_enc, record.id);
      if (this.secrets.size >= SECRET_CACHE_LIMIT) this.secrets.delete(this.secrets.keys().next().value!);
      this.secrets.set(record.id, secret);
    }
    return secret;
  }

  private statusOf(k: ApiKeyRecord): PublicKeyView["status"] {
    if (k.revoked_at) return "revoked";
    if (k.expires_at && Date.parse(k.expires_at) <= this.clock.now()) return "expired";
    return "active";
  }

  private view(k: ApiKeyRecord): PublicKeyView {
    return {
      id: k.id,
      object: "api_key",
      account: k.account_id,
      name: k.name,
      prefix: k.prefix,
      status: this.statusOf(k),
      created_at: k.created_at,
      expires_at: k.expires_at,
      revoked_at: k.revoked_at,
      rotated_to: k.rotated_to,
      last_used_at: k.last_used_at ?? null,
    };
  }

  private assertPlan(plan: string) {
    const plans = this.plans();
    if (ownValue(plans, plan) === undefined) {
      throw new KeyServiceError("unknown_plan", `unknown plan "${plan}"; known plans: ${Object.keys(plans).join(", ")}`);
    }
  }
}
