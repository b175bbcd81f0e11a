// Dashboard users: invitations and resets by one-time setup link, passwords (argon2id), sign-in
// limited per client address and per user, and sessions with idle and absolute timeouts. Session
// ids and setup tokens are random 256-bit values given to the browser; the store keeps only their
// SHA-256, so a copy of the database opens no session and completes no setup.
import { addressBlock } from "../domain/address-block.ts";
import { randomBytes, sha256Hex as sha256, timingSafeEqual } from "../domain/crypto.ts";
import type { AuditActor, AuditService } from "../audit/service.ts";
import { type Clock, iso } from "../domain/clock.ts";
import { ApiError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { SlidingWindowLimiter } from "../ratelimit/sliding-window.ts";
import type { RateLimiter, WindowSpec } from "../ratelimit/types.ts";
import type { SessionRecord, Store, UserRecord, UserRole } from "../store/types.ts";
import type { DashboardConfig } from "./config-schema.ts";
import type { Logger } from "../log.ts";
import { UnknownEmailAudit } from "./unknown-email-audit.ts";

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1024;
/** A session's last_seen_at is written at most this often (the idle timeout is in minutes). */
const TOUCH_EVERY_MS = 60_000;
// No white space, no <, > or ", and no control or format character (ESC, NUL, a bidirectional
// override, a zero-width space): such an "email" echoed ESC sequences to the terminal and showed
// another address than the one stored (fifteenth attack pass).
const EMAIL = /^[^\s@<>"\p{Cc}\p{Cf}]{1,64}@[^\s@<>"\p{Cc}\p{Cf}]{1,255}$/u;
/** The one sign-in failure message: it never says which part was wrong. */
export const SIGN_IN_FAILED = "Email or password is incorrect, or the account cannot sign in.";

export type UserErrorCode = "invalid_email" | "email_taken" | "unknown_account" | "unknown_user" | "invalid_role" | "weak_password" | "password_mismatch" | "invalid_link" | "sign_in_failed" | "sign_in_limited";

export class UserError extends Error {
  constructor(
    readonly code: UserErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface UserView {
  id: string;
  email: string;
  account: string;
  role: UserRole;
  status: UserRecord["status"];
  created_at: string;
  last_sign_in_at: string | null;
}

export interface Invitation {
  user: UserView;
  setup_url: string;
  expires_at: string;
}

export interface SignedIn {
  /** The cookie value: shown to the browser once, stored only hashed. */
  sessionId: string;
  session: SessionRecord;
  user: UserRecord;
}

export interface UserServiceDeps {
  store: Store;
  clock: Clock;
  audit: AuditService;
  log: Logger;
  config: DashboardConfig;
  /** http(s)://host:port the setup links point at. */
  setupBase: string;
}

export function sha256Hex(value: string): string {
  return sha256(value);
}

function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Where setup links point: dashboard.public_url, else the server's own address. */
export function dashboardBaseUrl(config: { server: { host: string; port: number; tls?: unknown }; dashboard: DashboardConfig }): string {
  if (config.dashboard.public_url) return config.dashboard.public_url;
  const host = ["0.0.0.0", "::", ""].includes(config.server.host) ? "127.0.0.1" : config.server.host;
  return `${config.server.tls ? "https" : "http"}://${host.includes(":") ? `[${host}]` : host}:${config.server.port}`;
}

export class UserService {
  /** Failed sign-ins: this node's own until shareFailures gives it the server's (Redis with several nodes). */
  private failures: RateLimiter;
  private readonly addressWindows: WindowSpec[];
  private readonly userWindows: WindowSpec[];
  /** Verified against when the email is unknown, so both failures take the same time. */
  private dummyHash?: Promise<string>;

  /** Failed sign-ins for unknown emails: recorded up to a rate, the rest summed (unknown-email-audit.ts). */
  private readonly unknownEmails: UnknownEmailAudit;

  constructor(private readonly deps: UserServiceDeps) {
    this.unknownEmails = new UnknownEmailAudit(deps.audit, deps.clock, deps.log);
    this.failures = new SlidingWindowLimiter({ now: () => deps.clock.monotonic() });
    this.addressWindows = [{ name: "sustained", quota: deps.config.sign_in.per_address_per_minute, windowMs: 60_000 }];
    this.userWindows = [{ name: "sustained", quota: deps.config.sign_in.per_user_per_minute, windowMs: 60_000 }];
  }

  /**
   * Counts failed sign-ins in the server's failure limiter — the one API authentication failures
   * go to, shared by every node when `rate_limit.backend` is redis — so that N nodes do not give
   * an attacker N times the allowance. Its own subjects (`dashboard-ip:`, `dashboard-user:`).
   */
  shareFailures(limiter: RateLimiter) {
    this.failures = limiter;
  }

  get config(): DashboardConfig {
    return this.deps.config;
  }

  /** The user of a composed email; one stored before emails were composed may be under its decomposed spelling. */
  private async userByEmail(email: string): Promise<UserRecord | null> {
    const found = await this.deps.store.users.findByEmail(email);
    if (found) return found;
    const decomposed = email.normalize("NFD");
    return decomposed === email ? null : this.deps.store.users.findByEmail(decomposed);
  }

  async invite(input: { email: string; account: string; role?: string }, actor: AuditActor): Promise<Invitation> {
    const email = normalizeEmail(input.email);
    const role = input.role ?? "developer";
    if (role !== "developer" && role !== "admin") throw new UserError("invalid_role", `role must be developer or admin (got "${role}")`);
    if (!(await this.deps.store.accounts.get(input.account))) throw new UserError("unknown_account", `no account ${input.account}`);
    if (await this.userByEmail(email)) throw new UserError("email_taken", `a user with email ${email} already exists`);
    const now = iso(this.deps.clock.now());
    const user: UserRecord = {
      id: newId("usr", this.deps.clock.now()),
      email,
      account_id: input.account,
      role,
      password_hash: null,
      status: "invited",
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
    };
    await this.deps.store.users.create(user);
    const link = await this.issueSetupLink(user.id);
    await this.deps.audit.record("user.invited", actor, { account_id: user.account_id, target: user.id, details: { email, role } });
    return { user: userView(user), ...link };
  }

  async list(accountId?: string): Promise<UserView[]> {
    return (await this.deps.store.users.list(accountId)).map(userView);
  }

  async get(id: string): Promise<UserRecord | null> {
    return this.deps.store.users.get(id);
  }

  /** Disables a user, ends their sessions at once and voids an unused setup link. */
  async disable(id: string, actor: AuditActor): Promise<UserView> {
    const now = iso(this.deps.clock.now());
    const user = await this.deps.store.users.update(id, { status: "disabled", updated_at: now });
    if (!user) throw new UserError("unknown_user", `no user ${id}`);
    await this.deps.store.sessions.deleteForUser(id);
    // A link not yet used would otherwise set a password and make the user active again.
    await this.deps.store.users.voidSetupTokens(id, now);
    await this.deps.audit.record("user.disabled", actor, { account_id: user.account_id, target: id, details: { email: user.email } });
    return userView(user);
  }

  /** A new setup link; the old password, earlier links and every session stop working. */
  async reset(id: string, actor: AuditActor): Promise<Invitation> {
    const user = await this.deps.store.users.update(id, { status: "invited", password_hash: null, updated_at: iso(this.deps.clock.now()) });
    if (!user) throw new UserError("unknown_user", `no user ${id}`);
    await this.deps.store.sessions.deleteForUser(id);
    const link = await this.issueSetupLink(id);
    await this.deps.audit.record("user.reset", actor, { account_id: user.account_id, target: id, details: { email: user.email } });
    return { user: userView(user), ...link };
  }

  /** The user a setup link belongs to, while it is valid (to show the form). */
  async setupUser(token: string): Promise<UserRecord | null> {
    if (!token) return null;
    const userId = await this.deps.store.users.peekSetupToken(sha256Hex(token), iso(this.deps.clock.now()));
    const user = userId ? await this.deps.store.users.get(userId) : null;
    // A disabled user's link (one left from before disabling voided it) shows no form.
    return user?.status === "invited" ? user : null;
  }

  async completeSetup(token: string, password: string, confirm: string, ip: string | null): Promise<UserRecord> {
    checkPassword(password, confirm);
    const invalid = new UserError("invalid_link", "This setup link is invalid, expired or already used. Ask an administrator for a new one.");
    // Hashed before the token is used, so that only the two writes lie between using it and
    // setting the password (a disable or reset meanwhile); only a link that opens the form costs a hash.
    if (!(await this.setupUser(token))) throw invalid;
    const hash = await Bun.password.hash(password, { algorithm: "argon2id" });
    const now = iso(this.deps.clock.now());
    const userId = await this.deps.store.users.consumeSetupToken(sha256Hex(token), now);
    if (!userId) throw invalid;
    // Only while the user is still invited: a disabled user is not made active by a link.
    const user = await this.deps.store.users.update(userId, { password_hash: hash, status: "active", updated_at: now }, "invited");
    if (!user) throw invalid;
    await this.deps.audit.record("user.password_set", { type: "user", id: user.id, email: user.email }, { account_id: user.account_id, target: user.id, ip });
    return user;
  }

  /**
   * A call to the failure limiter. The shared one may be unreachable (Redis down with
   * `on_unavailable: reject`): sign-in is then refused for the moment (fail closed, as the API's
   * authentication is), with the page's own message rather than an internal error.
   */
  private async limiting<T>(call: () => T | Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      if (e instanceof ApiError && e.code === "rate_limiter_unavailable") {
        throw new UserError("sign_in_limited", "Sign-in is unavailable for a moment (the shared rate limiter cannot be reached). Try again shortly.");
      }
      throw e;
    }
  }

  /**
   * Gives back the attempts a sign-in held. With the shared limiter unreachable the place stays
   * counted until its window passes — as if the sign-in had failed — rather than failing a sign-in
   * whose password was right.
   */
  private async giveBack(subjects: string[], windows: WindowSpec[][], held: number[]) {
    for (const i of held) {
      try {
        await this.failures.release(subjects[i]!, windows[i]!);
      } catch (e) {
        if (!(e instanceof ApiError && e.code === "rate_limiter_unavailable")) throw e;
      }
    }
  }

  /** Checks the password and opens a session; every failure is the same SIGN_IN_FAILED. */
  async signIn(emailInput: string, password: string, ip: string): Promise<SignedIn> {
    const email = emailKey(emailInput);
    const subjects = [`dashboard-ip:${addressBlock(ip)}`, `dashboard-user:${email}`];
    const windows = [this.addressWindows, this.userWindows];
    // Every sign-in holds one of the remaining attempts of its address and its email while its
    // password is checked (it may still turn out a failure), taken in the failure limiter itself:
    // shared through Redis with several nodes, so guesses sent at one instant to N nodes are not
    // checked N times the allowance. A failure keeps its place; a success gives it back.
    const held: number[] = [];
    try {
      for (let i = 0; i < subjects.length; i++) {
        const decision = await this.limiting(() => this.failures.acquire(subjects[i]!, windows[i]!));
        if (!decision.allowed) {
          const seconds = Math.max(1, decision.retryAfterS);
          throw new UserError("sign_in_limited", `Too many failed sign-ins. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`);
        }
        held.push(i);
      }
    } catch (e) {
      await this.giveBack(subjects, windows, held);
      throw e;
    }
    let user: UserRecord | null = null;
    let ok = false;
    try {
      user = EMAIL.test(email) ? await this.userByEmail(email) : null;
      ok = user?.password_hash
        ? await Bun.password.verify(password.slice(0, MAX_PASSWORD_LENGTH), user.password_hash)
        : await Bun.password.verify(password.slice(0, MAX_PASSWORD_LENGTH), await this.dummy()).then(() => false);
    } finally {
      if (user && ok && user.status === "active") await this.giveBack(subjects, windows, held);
    }
    if (!user) {
      await this.unknownEmails.failed({ ip, details: { email: email.slice(0, 320), reason: "unknown_email" } });
      throw new UserError("sign_in_failed", SIGN_IN_FAILED);
    }
    if (!ok || user.status !== "active") {
      await this.deps.audit.record("user.sign_in_failed", { type: "user", id: user.id, email: user.email }, {
        account_id: user.account_id,
        target: user.id,
        ip,
        details: { email: email.slice(0, 320), reason: user.status !== "active" ? `user_${user.status}` : "wrong_password" },
      });
      throw new UserError("sign_in_failed", SIGN_IN_FAILED);
    }
    const nowMs = this.deps.clock.now();
    const sessionId = randomToken();
    const session: SessionRecord = {
      id_hash: sha256Hex(sessionId),
      user_id: user.id,
      csrf_token: randomToken(),
      created_at: iso(nowMs),
      last_seen_at: iso(nowMs),
      expires_at: iso(nowMs + this.deps.config.session_absolute_hours * 3_600_000),
    };
    await this.deps.store.sessions.create(session);
    const updated = (await this.deps.store.users.update(user.id, { last_sign_in_at: iso(nowMs), updated_at: iso(nowMs) })) ?? user;
    await this.deps.audit.record("user.signed_in", { type: "user", id: user.id, email: user.email }, { account_id: user.account_id, target: user.id, ip });
    return { sessionId, session, user: updated };
  }

  /** The live session and its active user for a cookie value, or null (unknown, expired, idle, disabled). */
  async resolveSession(sessionId: string): Promise<{ session: SessionRecord; user: UserRecord } | null> {
    if (!sessionId || sessionId.length > 100) return null;
    const idHash = sha256Hex(sessionId);
    const session = await this.deps.store.sessions.get(idHash);
    if (!session) return null;
    const now = this.deps.clock.now();
    const idleMs = this.deps.config.session_idle_minutes * 60_000;
    if (Date.parse(session.expires_at) <= now || Date.parse(session.last_seen_at) + idleMs <= now) {
      await this.deps.store.sessions.delete(idHash);
      return null;
    }
    const user = await this.deps.store.users.get(session.user_id);
    if (!user || user.status !== "active") return null;
    if (now - Date.parse(session.last_seen_at) >= Math.min(TOUCH_EVERY_MS, idleMs / 2)) {
      await this.deps.store.sessions.touch(idHash, iso(now));
    }
    return { session, user };
  }

  async signOut(sessionId: string, user: UserRecord, ip: string | null): Promise<void> {
    await this.deps.store.sessions.delete(sha256Hex(sessionId));
    await this.deps.audit.record("user.signed_out", { type: "user", id: user.id, email: user.email }, { account_id: user.account_id, target: user.id, ip });
  }

  purgeSessions(): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps.store.sessions.purge(iso(now), iso(now - this.deps.config.session_idle_minutes * 60_000));
  }

  private async issueSetupLink(userId: string): Promise<{ setup_url: string; expires_at: string }> {
    const token = randomToken();
    const now = this.deps.clock.now();
    const expires_at = iso(now + this.deps.config.setup_link_hours * 3_600_000);
    await this.deps.store.users.addSetupToken({ token_hash: sha256Hex(token), user_id: userId, created_at: iso(now), expires_at, used_at: null });
    return { setup_url: `${this.deps.setupBase}/dashboard/setup?token=${token}`, expires_at };
  }

  private dummy(): Promise<string> {
    return (this.dummyHash ??= Bun.password.hash(randomToken(), { algorithm: "argon2id" }));
  }
}

/** Constant-time comparison of two CSRF tokens. */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * An email as users are stored and looked up by: trimmed, lower-case, and composed (NFC). Before
 * the thirteenth attack pass it was not composed, so "josé@…" written with a combining accent (as
 * copied from a decomposed source, a macOS file name) and with "é" were two users that look the
 * same, and a user stored decomposed could not sign in with the email a keyboard types.
 */
function emailKey(input: string): string {
  return input.trim().toLowerCase().normalize("NFC");
}

export function normalizeEmail(input: string): string {
  const email = emailKey(input);
  if (!EMAIL.test(email)) throw new UserError("invalid_email", `"${input}" is not an email address`);
  return email;
}

function checkPassword(password: string, confirm: string) {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UserError("weak_password", `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new UserError("weak_password", `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`);
  if (password !== confirm) throw new UserError("password_mismatch", "The two passwords differ.");
}

export function userView(u: UserRecord): UserView {
  return { id: u.id, email: u.email, account: u.account_id, role: u.role, status: u.status, created_at: u.created_at, last_sign_in_at: u.last_sign_in_at };
}
