// Dashboard users from the CLI and the user service: setup links (hashed, single use, expiring),
// passwords, sign-in limits with one message, sessions (hashed ids, idle and absolute timeouts),
// and the audit log written for key, plan and user changes, also from the CLI.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runCli } from "../support/cli.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { SIGN_IN_FAILED, sha256Hex } from "../../src/users/service.ts";
import type { Clock } from "../../src/domain/clock.ts";
import { newId } from "../../src/domain/ids.ts";

let now = Date.parse("2026-11-01T10:00:00Z");
const clock: Clock = { now: () => now, monotonic: () => now };
let s: TestServer;
let cfg: string[];
beforeAll(async () => {
  s = await startTestServer("dashboard: { sign_in: { per_address_per_minute: 6, per_user_per_minute: 3 } }", { clock });
  cfg = ["--config", s.configFile];
});
afterAll(() => s.stop());

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("assay users", () => {
  test("create prints a setup link built from the config; list, disable and reset work; the audit log has each", async () => {
    const created = await runCli(["users", "create", "--email", "Dev@Example.com", "--account", s.creds.accountId, "--json", ...cfg]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout);
    expect(user).toMatchObject({ email: "dev@example.com", role: "developer" });
    expect(user.id).toMatch(/^usr_/);
    expect(user.setup_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dashboard\/setup\?token=[A-Za-z0-9_-]{43}$/);
    // The token is stored only hashed.
    const now = new Date(clock.now()).toISOString();
    expect(await s.rt.store.users.peekSetupToken(sha256Hex(tokenOf(user.setup_url)), now)).toBe(user.id);
    expect(await s.rt.store.users.peekSetupToken(tokenOf(user.setup_url), now)).toBeNull();

    const dup = await runCli(["users", "create", "--email", "dev@example.com", "--account", s.creds.accountId, ...cfg]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain("already exists");
    const badRole = await runCli(["users", "create", "--email", "x@example.com", "--account", s.creds.accountId, "--role", "root", ...cfg]);
    expect(badRole.code).toBe(2);
    const noAccount = await runCli(["users", "create", "--email", "x@example.com", "--account", "acct_nope", ...cfg]);
    expect(noAccount.code).toBe(1);
    expect((await runCli(["users", "--help"])).code).toBe(0);

    const list = JSON.parse((await runCli(["users", "list", "--json", ...cfg])).stdout);
    expect(list.data.map((u: { email: string }) => u.email)).toContain("dev@example.com");

    const reset = JSON.parse((await runCli(["users", "reset", user.id, "--json", ...cfg])).stdout);
    expect(tokenOf(reset.setup_url)).not.toBe(tokenOf(user.setup_url));
    expect(await s.rt.users.setupUser(tokenOf(user.setup_url))).toBeNull(); // the earlier link stopped working
    expect((await s.rt.users.setupUser(tokenOf(reset.setup_url)))?.id).toBe(user.id);

    const disabled = await runCli(["users", "disable", user.id, "--json", ...cfg]);
    expect(JSON.parse(disabled.stdout).status).toBe("disabled");

    const types = (await s.rt.audit.list({ limit: 100 })).data.filter((e) => e.target === user.id).map((e) => `${e.type}:${e.actor_type}`);
    expect(types).toEqual(expect.arrayContaining(["user.invited:cli", "user.reset:cli", "user.disabled:cli"]));
  });

  // Fifteenth attack pass: an email holding ESC or a bidirectional override was a user (the
  // pattern refused only white space, @, <, > and "): `users create` echoed ESC[2J to the terminal,
  // and a U+202E shows another address than the one stored in the dashboard's users and audit log.
  test("an email with control or format characters is no email address", async () => {
    for (const email of ["c@ex\u001b[2Jample.com", "a@exa\u202emple.com", "z\u200b@example.com", "e@example.com\u0085"]) {
      const r = await runCli(["users", "create", "--email", email, "--account", s.creds.accountId, ...cfg]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("is not an email address");
      expect(r.stderr).not.toContain("\u001b");
    }
  });

  test("key and plan changes from the CLI are audited", async () => {
    const minted = JSON.parse((await runCli(["keys", "create", "--account", s.creds.accountId, "--name", "audited", "--json", ...cfg])).stdout);
    await runCli(["keys", "rotate", minted.id, "--json", ...cfg]);
    await runCli(["keys", "revoke", minted.id, ...cfg]);
    await runCli(["accounts", "set-plan", s.creds.accountId, "--plan", "enterprise", ...cfg]);
    const events = (await s.rt.audit.list({ account_id: s.creds.accountId, limit: 100 })).data;
    const mine = events.filter((e) => e.target === minted.id || e.type === "account.plan_changed").map((e) => e.type);
    expect(mine).toEqual(expect.arrayContaining(["key.created", "key.rotated", "key.revoked", "account.plan_changed"]));
    expect(events.find((e) => e.type === "account.plan_changed")!.details).toMatchObject({ from: "standard", to: "enterprise" });
    expect(events.filter((e) => e.target === minted.id || e.type === "account.plan_changed").every((e) => e.actor_type === "cli")).toBe(true);
  });
});

describe("setup, sign-in and sessions", () => {
  const password = "correct horse battery";

  async function activeUser(email: string) {
    const invited = await s.rt.users.invite({ email, account: s.creds.accountId }, { type: "cli" });
    const token = tokenOf(invited.setup_url);
    await expect(s.rt.users.completeSetup(token, "short", "short", null)).rejects.toThrow("at least 12");
    await expect(s.rt.users.completeSetup(token, password, `${password}!`, null)).rejects.toThrow("differ");
    await s.rt.users.completeSetup(token, password, password, "127.0.0.1");
    await expect(s.rt.users.completeSetup(token, password, password, null)).rejects.toThrow("already used");
    const stored = await s.rt.store.users.get(invited.user.id);
    expect(stored!.password_hash).toStartWith("$argon2id$");
    return invited.user;
  }

  // Thirteenth attack pass: emails were not composed (NFC), so "zoë@…" with a combining diaeresis
  // and with "ë" were two users that look the same, and the first could not sign in as typed.
  test("an email is one user however its accents are composed, and signs in as a keyboard types it", async () => {
    const composed = "zo\u00eb@example.com";
    const decomposed = "zoe\u0308@example.com";
    const user = await activeUser(decomposed);
    expect(user.email).toBe(composed);
    await expect(s.rt.users.invite({ email: composed, account: s.creds.accountId }, { type: "cli" })).rejects.toThrow("already exists");
    expect((await s.rt.users.signIn(composed, password, "10.0.9.1")).user.id).toBe(user.id);
    expect((await s.rt.users.signIn(` ZOE\u0308@EXAMPLE.COM `, password, "10.0.9.1")).user.id).toBe(user.id);
  });

  test("a user stored decomposed before emails were composed still signs in, and is not invited twice", async () => {
    const decomposed = "rene\u0301@example.com";
    const at = new Date(now).toISOString();
    const legacy = await s.rt.store.users.create({
      id: newId("usr", now),
      email: decomposed, account_id: s.creds.accountId, role: "developer", password_hash: await Bun.password.hash(password),
      status: "active", created_at: at, updated_at: at, last_sign_in_at: null,
    });
    expect((await s.rt.users.signIn("ren\u00e9@example.com", password, "10.0.9.2")).user.id).toBe(legacy.id);
    await expect(s.rt.users.invite({ email: "ren\u00e9@example.com", account: s.creds.accountId }, { type: "cli" })).rejects.toThrow("already exists");
  });

  test("a setup link expires after 24 hours", async () => {
    const invited = await s.rt.users.invite({ email: "late@example.com", account: s.creds.accountId }, { type: "cli" });
    now += 24 * 3_600_000 + 1;
    await expect(s.rt.users.completeSetup(tokenOf(invited.setup_url), password, password, null)).rejects.toThrow("expired");
  });

  test("sign-in opens a hashed session with idle and absolute timeouts; failures share one message and are limited", async () => {
    const user = await activeUser("signin@example.com");
    const wrong = await s.rt.users.signIn("signin@example.com", "wrong password!!", "10.0.0.1").catch((e) => e);
    const unknown = await s.rt.users.signIn("nobody@example.com", password, "10.0.0.1").catch((e) => e);
    expect(wrong.message).toBe(SIGN_IN_FAILED);
    expect(unknown.message).toBe(SIGN_IN_FAILED);

    const signed = await s.rt.users.signIn("SignIn@example.com", password, "10.0.0.2");
    expect(await s.rt.store.sessions.get(signed.sessionId)).toBeNull();
    expect((await s.rt.users.resolveSession(signed.sessionId))?.user.id).toBe(user.id);
    const again = await s.rt.users.signIn("signin@example.com", password, "10.0.0.2");
    expect(again.sessionId).not.toBe(signed.sessionId);

    // Idle timeout (30 min by default).
    now += 31 * 60_000;
    expect(await s.rt.users.resolveSession(signed.sessionId)).toBeNull();
    // Kept alive, a session still ends at the absolute timeout (12 h).
    const kept = await s.rt.users.signIn("signin@example.com", password, "10.0.0.2");
    for (let i = 0; i < 12 * 3; i++) {
      now += 20 * 60_000;
      const alive = await s.rt.users.resolveSession(kept.sessionId);
      if (i < 35) expect(alive).not.toBeNull();
      else expect(alive).toBeNull();
    }

    // Per user: three failures, then even the right password is refused for a minute.
    for (let i = 0; i < 3; i++) await s.rt.users.signIn("signin@example.com", "nope nope nope", `10.1.0.${i}`).catch(() => {});
    await expect(s.rt.users.signIn("signin@example.com", password, "10.2.0.1")).rejects.toThrow("Too many failed sign-ins");
    now += 61_000;
    const ok = await s.rt.users.signIn("signin@example.com", password, "10.2.0.1");
    await s.rt.users.signOut(ok.sessionId, ok.user, null);
    expect(await s.rt.users.resolveSession(ok.sessionId)).toBeNull();

    const types = (await s.rt.audit.list({ limit: 200 })).data.filter((e) => e.target === user.id).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["user.invited", "user.password_set", "user.signed_in", "user.sign_in_failed", "user.signed_out"]));
  });

  test("concurrent wrong passwords cannot outrun the limit: at most per_user_per_minute are verified at once", async () => {
    now += 120_000;
    const invited = await s.rt.users.invite({ email: "burst@example.com", account: s.creds.accountId }, { type: "cli" });
    await s.rt.users.completeSetup(tokenOf(invited.setup_url), password, password, null);
    // 20 guesses at once from 20 addresses, the right password last: only 3 (per user) are checked.
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => s.rt.users.signIn("burst@example.com", i === 19 ? password : `wrong guess ${i}`, `10.9.0.${i}`)),
    );
    const reasons = answers.map((a) => (a.status === "fulfilled" ? "signed_in" : (a.reason as Error).message));
    expect(reasons.filter((r) => r === SIGN_IN_FAILED).length).toBe(3);
    expect(reasons.filter((r) => r.startsWith("Too many failed sign-ins")).length).toBe(17);
    // Twenty-third attack pass: the guesses refused while others were being checked read "Try
    // again in 1 seconds".
    for (const r of reasons.filter((r) => r.startsWith("Too many failed sign-ins"))) expect(r).toMatch(/Try again in (1 second|([2-9]|\d\d+) seconds)\.$/);
    expect(reasons[19]).not.toBe("signed_in");
    // From one address: at most per_address_per_minute (6) verified, whatever the emails.
    now += 120_000;
    const fromOne = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => s.rt.users.signIn(`nobody${i}@example.com`, "wrong wrong wrong", "10.9.1.1")));
    const limited = fromOne.filter((a) => a.status === "rejected" && (a.reason as Error).message.startsWith("Too many failed sign-ins")).length;
    expect(limited).toBe(6);
    now += 120_000;
    const ok = await s.rt.users.signIn("burst@example.com", password, "10.9.2.1");
    expect(ok.user.email).toBe("burst@example.com");
  });

  test("a disabled user's sessions end at once", async () => {
    const user = await activeUser("gone@example.com");
    const signed = await s.rt.users.signIn("gone@example.com", password, "10.3.0.1");
    await s.rt.users.disable(user.id, { type: "cli" });
    expect(await s.rt.users.resolveSession(signed.sessionId)).toBeNull();
    await expect(s.rt.users.signIn("gone@example.com", password, "10.3.0.1")).rejects.toThrow(SIGN_IN_FAILED);
  });

  // Fifteenth attack pass: disabling a user who had not yet chosen a password left their setup
  // link working, and setting the password made them active again — a disabled admin could
  // re-enable themselves (seen on dist/assay: `users create --role admin`, `users disable`, the
  // link's form posted: `users list` said active).
  test("a disabled user's setup link stops working and cannot make them active again", async () => {
    const invited = await s.rt.users.invite({ email: "left@example.com", account: s.creds.accountId, role: "admin" }, { type: "cli" });
    const token = tokenOf(invited.setup_url);
    await s.rt.users.disable(invited.user.id, { type: "cli" });
    expect(await s.rt.users.setupUser(token)).toBeNull();
    await expect(s.rt.users.completeSetup(token, password, password, null)).rejects.toThrow("invalid, expired or already used");
    expect((await s.rt.store.users.get(invited.user.id))!.status).toBe("disabled");

    // A link left pending by a disable from before this fix, or a disable that lands while the
    // password is being hashed: the password is set only while the user is still invited.
    const other = await s.rt.users.invite({ email: "left2@example.com", account: s.creds.accountId }, { type: "cli" });
    await s.rt.store.users.update(other.user.id, { status: "disabled", updated_at: new Date(now).toISOString() });
    expect(await s.rt.users.setupUser(tokenOf(other.setup_url))).toBeNull();
    await expect(s.rt.users.completeSetup(tokenOf(other.setup_url), password, password, null)).rejects.toThrow("invalid, expired or already used");
    const stored = (await s.rt.store.users.get(other.user.id))!;
    expect(stored.status).toBe("disabled");
    expect(stored.password_hash).toBeNull();

    // A reset is how an administrator lets a disabled user back in: its link works.
    const reset = await s.rt.users.reset(invited.user.id, { type: "cli" });
    await s.rt.users.completeSetup(tokenOf(reset.setup_url), password, password, null);
    expect((await s.rt.store.users.get(invited.user.id))!.status).toBe("active");
  });

  test("failed sign-ins for unknown emails are audited one by one up to a rate, the rest of the minute as one event", async () => {
    // No per-email limit applies to addresses no user has, and a client of many addresses (an IPv6
    // /48 holds 65,536 /64s) does not feel the per-address one: each such failure was a row of an
    // audit log that keeps everything.
    now += 120_000;
    const unknownFailures = async () => (await s.rt.audit.list({ limit: 100, type: "user.sign_in_failed" })).data.filter((e) => e.details.reason === "unknown_email");
    const before = (await unknownFailures()).length;
    for (let i = 0; i < 35; i++) await s.rt.users.signIn(`ghost${i}@example.com`, "wrong wrong wrong", `2001:db8:${i.toString(16)}::1`).catch(() => {});
    const during = await unknownFailures();
    expect(during.length - before).toBe(20);
    // The next minute's first failure writes what the last minute left uncounted, then itself.
    now += 61_000;
    await s.rt.users.signIn("ghost-late@example.com", "wrong wrong wrong", "2001:db8:ff::1").catch(() => {});
    const after = await unknownFailures();
    expect(after.length - before).toBe(22);
    const summary = after.find((e) => e.details.not_recorded_one_by_one !== undefined)!;
    expect(summary.details).toMatchObject({ reason: "unknown_email", not_recorded_one_by_one: 15 });
    expect(after.some((e) => e.details.email === "ghost-late@example.com")).toBe(true);
  });
});
