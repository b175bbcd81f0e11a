// Limiter micro-benchmark: decisions per second on a hot account, and bytes held per account.
import { heapStats } from "bun:jsc";
import { SlidingWindowLimiter } from "../src/ratelimit/sliding-window.ts";
import { planWindows } from "../src/ratelimit/types.ts";

export function benchLimiter() {
  const standard = planWindows({ per_second: 50, per_minute: 1000 });
  const enterprise = planWindows({ per_second: 500, per_minute: 10_000 });
  let t = 0;
  const limiter = new SlidingWindowLimiter({ now: () => t });
  const N = 2_000_000;
  const started = performance.now();
  for (let i = 0; i < N; i++) {
    t += 0.05; // 20,000 requests/s offered to one account: most are refused, the worst case for lookups
    limiter.acquire("hot", enterprise);
  }
  const ns = ((performance.now() - started) * 1e6) / N;

  // Live heap (JS objects and typed-array stores) grown per tracked account with both windows full: the worst case, as every
  // ring slot is then written (kept alive while measuring).
  const kept: SlidingWindowLimiter[] = [];
  const heapOf = (plan: typeof standard, accounts: number) => {
    const live = () => {
      Bun.gc(true);
      const h = heapStats();
      return h.heapSize + h.extraMemorySize;
    };
    const before = live();
    let clock = 0;
    const l = new SlidingWindowLimiter({ now: () => clock });
    const step = 900 / plan[0]!.quota; // just under the burst rate
    for (let i = 0; i < accounts; i++) {
      clock = 0;
      for (let j = 0; j < plan[1]!.quota; j++) {
        clock += step;
        l.acquire(`acct_${i}`, plan);
      }
    }
    kept.push(l);
    const perAccount = (live() - before) / accounts;
    if (l.trackedSubjects !== accounts) throw new Error("limiter lost subjects");
    return Math.round(perAccount);
  };
  return {
    ns_per_decision: Math.round(ns),
    decisions_per_s: Math.round(1e9 / ns),
    bytes_per_standard_account: heapOf(standard, 2_000),
    bytes_per_enterprise_account: heapOf(enterprise, 300),
  };
}

if (import.meta.main) console.log(benchLimiter());
