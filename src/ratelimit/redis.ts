// The two-window limit shared by every node through Redis. Each decision is ONE Lua script, so
// it is atomic however many nodes ask at once, and it reads the clock with Redis `TIME`, so
// nodes with drifting clocks still share one timeline. A window is a sorted set of the times of
// the requests it counted (at most `quota` members, scored in milliseconds): a request fits when
// fewer than `quota` are newer than now − window, exactly like the in-memory ring. Refused
// requests are not counted; every set expires with its window, so idle subjects cost nothing.
//
// When Redis cannot answer (down, unreachable, too slow) the limiter either decides on this node
// alone (`local`: a SlidingWindowLimiter per node) or refuses with 503 rate_limiter_unavailable
// (`reject`). The outage is logged once, its end once, and Redis is tried again every second.
// Type-only: a value import would load Bun's Redis client at start-up (see store/postgres/database.ts).
import type { RedisClient } from "bun";
import { ApiError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import { SlidingWindowLimiter } from "./sliding-window.ts";
import type { LimitDecision, RateLimiter, WindowSpec, WindowState } from "./types.ts";

// KEYS: one sorted set per window. ARGV: mode (acquire | peek | record | release), a unique member
// suffix, then quota and window (ms) per window. Returns allowed, then per window: used after
// the decision, reset in ms, and retry-after in ms (0 unless this window refused).
const SCRIPT = `
local mode = ARGV[1]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local n = #KEYS
local quota, win, used = {}, {}, {}
local allowed = 1
for i = 1, n do
  quota[i] = tonumber(ARGV[1 + 2 * i])
  win[i] = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - win[i])
  if mode == 'release' then redis.call('ZPOPMAX', KEYS[i]) end
  used[i] = redis.call('ZCARD', KEYS[i])
  if used[i] >= quota[i] then allowed = 0 end
end
if mode == 'record' or (mode == 'acquire' and allowed == 1) then
  local member = string.format('%.3f', now) .. ':' .. ARGV[2]
  for i = 1, n do
    redis.call('ZADD', KEYS[i], now, member)
    used[i] = used[i] + 1
    if used[i] > quota[i] then
      redis.call('ZREMRANGEBYRANK', KEYS[i], 0, used[i] - quota[i] - 1)
      used[i] = quota[i]
    end
    redis.call('PEXPIRE', KEYS[i], math.ceil(win[i]) + 1000)
  end
end
local out = { allowed }
for i = 1, n do
  local reset, retry = 0, 0
  if used[i] > 0 then
    local oldest = redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')
    reset = math.ceil(win[i] - (now - tonumber(oldest[2])))
  end
  if allowed == 0 and used[i] >= quota[i] then
    local nth = redis.call('ZRANGE', KEYS[i], -quota[i], -quota[i], 'WITHSCORES')
    retry = math.ceil(win[i] - (now - tonumber(nth[2])))
  end
  out[#out + 1] = used[i]
  out[#out + 1] = reset
  out[#out + 1] = retry
end
return out
`;
const SHA = new Bun.CryptoHasher("sha1").update(SCRIPT).digest("hex");

export interface RedisLimiterOptions {
  client: SharedRedis;
  keyPrefix: string;
  onUnavailable: "local" | "reject";
  /** Used while Redis is unreachable with on_unavailable: local. */
  fallback: RateLimiter;
}

/** While Redis hangs, how often one decision tries it again (the rest fail over at once). */
const PROBE_INTERVAL_MS = 1000;
/** Commands timed out in a row after which the connection is opened anew. */
const REOPEN_AFTER_UNANSWERED = 3;

/** One connection shared by the request limiter and the failed-auth limiter, with outage tracking. */
export class SharedRedis {
  readonly client: RedisClient;
  private down = false;
  private lastReconnect = 0;
  private closed = false;

  constructor(
    readonly url: string,
    private readonly log: Logger,
    private readonly timeoutMs: number,
  ) {
    // No offline queue: while disconnected a command fails at once instead of holding a request.
    this.client = new Bun.RedisClient(url, { enableOfflineQueue: false, connectionTimeout: 2000, autoReconnect: true, maxRetries: 10 });
    this.connecting = this.client.connect().catch(() => {});
  }

  /** The connection attempt in progress, if any (the first decisions wait for it, bounded). */
  private connecting: Promise<void> | null = null;
  private everConnected = false;

  /** Runs the script; throws when Redis cannot answer within the timeout. */
  async eval(keys: string[], args: string[]): Promise<number[]> {
    // Only the very first decisions wait (bounded) for the first connection; during an outage
    // every decision fails over at once instead of waiting on a reconnect.
    if (!this.client.connected && this.connecting && !this.everConnected) await Promise.race([this.connecting, Bun.sleep(this.timeoutMs)]);
    if (!this.client.connected) {
      this.reconnectSoon();
      throw new Error("redis not connected");
    }
    // Connected but not answering (a stopped process, a partition that drops packets): waiting
    // the timeout on every decision made each request ~timeout_ms slower for the whole outage
    // and piled up unanswered commands (sixteenth attack pass). Once a command timed out, one
    // decision a second probes Redis; the others fail over at once.
    if (this.hanging) {
      const now = performance.now();
      if (this.probing || now - this.lastProbe < PROBE_INTERVAL_MS) throw new Error(`redis did not answer within ${this.timeoutMs} ms (still failing over)`);
      this.lastProbe = now;
      this.probing = true;
    }
    const run = async () => {
      try {
        return (await this.client.send("EVALSHA", [SHA, String(keys.length), ...keys, ...args])) as number[];
      } catch (e) {
        if (!String((e as Error)?.message).includes("NOSCRIPT")) throw e;
        return (await this.client.send("EVAL", [SCRIPT, String(keys.length), ...keys, ...args])) as number[];
      }
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.hanging = true;
        this.lastProbe = performance.now();
        // A connection whose peer is gone without a word (a half-open TCP connection, a NAT that
        // forgot it) never answers again: after a few probes it is dropped and opened anew.
        if (++this.unanswered >= REOPEN_AFTER_UNANSWERED) {
          this.unanswered = 0;
          this.reopen();
        }
        reject(new Error(`redis did not answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    try {
      const reply = await Promise.race([run(), timeout]);
      this.everConnected = true;
      this.hanging = false;
      this.unanswered = 0;
      return reply;
    } finally {
      clearTimeout(timer);
      this.probing = false;
    }
  }

  /** A command timed out and none has been answered since. */
  private hanging = false;
  /** Commands timed out in a row. */
  private unanswered = 0;
  private probing = false;
  private lastProbe = 0;

  /** Records an outcome; logs the start and the end of an outage once each. */
  outage(error: unknown, fallback: string) {
    if (!this.down) {
      this.down = true;
      this.log.warn("rate limiter backend unavailable", { backend: "redis", fallback, error: String((error as Error)?.message ?? error) });
    }
    this.reconnectSoon();
  }

  recovered() {
    if (this.down) {
      this.down = false;
      this.log.info("rate limiter backend recovered", { backend: "redis" });
    }
  }

  /** Closes the connection and opens a new one (commands waiting on the old one fail). */
  private reopen() {
    try {
      this.client.close();
    } catch {}
    this.lastReconnect = 0;
    this.reconnectSoon();
  }

  private reconnectSoon() {
    const now = performance.now();
    if (this.closed || this.client.connected || now - this.lastReconnect < 1000) return;
    this.lastReconnect = now;
    const attempt = this.client.connect().catch(() => {});
    this.connecting = attempt;
    void attempt.then(() => {
      if (this.connecting === attempt) this.connecting = null;
    });
  }

  close() {
    this.closed = true;
    try {
      this.client.close();
    } catch {}
  }
}

export class RedisRateLimiter implements RateLimiter {
  private nonce = 0;
  private readonly tag = Math.random().toString(36).slice(2, 10);

  constructor(private readonly options: RedisLimiterOptions) {}

  acquire(subject: string, windows: readonly WindowSpec[]) {
    return this.decide("acquire", subject, windows, () => this.options.fallback.acquire(subject, windows));
  }

  peek(subject: string, windows: readonly WindowSpec[]) {
    return this.decide("peek", subject, windows, () => this.options.fallback.peek(subject, windows));
  }

  async record(subject: string, windows: readonly WindowSpec[]) {
    await this.decide("record", subject, windows, async () => {
      await this.options.fallback.record(subject, windows);
      return { allowed: true, windows: [], violated: [], retryAfterS: 0 };
    });
  }

  async release(subject: string, windows: readonly WindowSpec[]) {
    await this.decide("release", subject, windows, async () => {
      await this.options.fallback.release(subject, windows);
      return { allowed: true, windows: [], violated: [], retryAfterS: 0 };
    });
  }

  private async decide(
    mode: "acquire" | "peek" | "record" | "release",
    subject: string,
    windows: readonly WindowSpec[],
    local: () => LimitDecision | Promise<LimitDecision>,
  ): Promise<LimitDecision> {
    const { client, keyPrefix, onUnavailable } = this.options;
    {
      // The hash tag keeps a subject's windows in one cluster slot (one script may touch them all).
      const keys = windows.map((w) => `${keyPrefix}{${subject}}:${w.windowMs}`);
      const args = [mode, `${this.tag}${++this.nonce}`, ...windows.flatMap((w) => [String(w.quota), String(w.windowMs)])];
      try {
        const reply = await client.eval(keys, args);
        client.recovered();
        return toDecision(reply, windows);
      } catch (e) {
        client.outage(e, onUnavailable);
      }
    }
    if (onUnavailable === "local") return local();
    throw new ApiError("rate_limiter_unavailable", "the shared rate limiter cannot be reached; retry shortly", { headers: { "retry-after": "1" } });
  }
}

function toDecision(reply: number[], windows: readonly WindowSpec[]): LimitDecision {
  const allowed = reply[0] === 1;
  const states: WindowState[] = [];
  const violated: string[] = [];
  let retryMs = 0;
  windows.forEach((w, i) => {
    const used = Number(reply[1 + 3 * i]);
    const resetMs = Number(reply[2 + 3 * i]);
    const retry = Number(reply[3 + 3 * i]);
    if (!allowed && retry > 0) {
      violated.push(w.name);
      retryMs = Math.max(retryMs, retry);
    }
    states.push({
      name: w.name,
      quota: w.quota,
      windowS: Math.ceil(w.windowMs / 1000),
      remaining: Math.max(0, w.quota - used),
      resetS: Math.max(0, Math.ceil(resetMs / 1000)),
    });
  });
  return { allowed, windows: states, violated, retryAfterS: allowed ? 0 : Math.max(1, Math.ceil(retryMs / 1000)) };
}

/** The request limiter and the failed-auth limiter for the `rate_limit` section. */
export function redisLimiters(
  config: { url: string; key_prefix: string; on_unavailable: "local" | "reject"; timeout_ms: number },
  log: Logger,
  now: () => number,
) {
  const shared = new SharedRedis(config.url, log, config.timeout_ms);
  const make = (prefix: string) =>
    new RedisRateLimiter({ client: shared, keyPrefix: `${config.key_prefix}${prefix}`, onUnavailable: config.on_unavailable, fallback: new SlidingWindowLimiter({ now }) });
  return { limiter: make("req:"), failureLimiter: make("auth:"), close: () => shared.close() };
}
