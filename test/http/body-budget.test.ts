// The budget of request bodies arriving at once per key (body-budget.ts): the client's address is
// looked up only past the first half, one address never has more than the whole budget, and a
// holder of the key elsewhere cannot leave the key's owner without room.
import { describe, expect, test } from "bun:test";
import { BodyBudget } from "../../src/http/body-budget.ts";

const MiB = 1024 * 1024;

describe("BodyBudget", () => {
  test("below half the budget the address is not asked; past it, it is", () => {
    const budget = new BodyBudget(32 * MiB);
    let asked = 0;
    const from = (ip: string) => () => (asked++, ip);
    const counts = [];
    for (let i = 0; i < 16; i++) counts.push(budget.reserve("key_1", MiB, from("10.0.0.1")));
    expect(asked).toBe(0);
    expect(budget.reserve("key_1", MiB, from("10.0.0.1"))).toBe("key_1|10.0.0.1");
    expect(asked).toBe(1);
    for (const c of counts) budget.release(c!, MiB);
    expect(budget.reserve("key_1", MiB, from("10.0.0.1"))).toBe("key_1");
  });

  test("one address has at most the whole budget arriving; the owner at another still has its half", () => {
    const budget = new BodyBudget(32 * MiB);
    const attacker = () => "203.0.113.7";
    let held = 0;
    while (budget.reserve("key_1", MiB, attacker) !== undefined) held++;
    expect(held).toBe(32);
    expect(budget.reserve("key_1", MiB, () => "198.51.100.2")).toBe("key_1|198.51.100.2");
    // Another key is counted apart.
    expect(budget.reserve("key_2", MiB, attacker)).toBe("key_2");
  });

  test("one body is always let through, however large; released counts are taken back where they were counted", () => {
    const budget = new BodyBudget(32 * MiB);
    const big = budget.reserve("key_1", 100 * MiB, () => "10.0.0.1");
    expect(big).toBe("key_1");
    const next = budget.reserve("key_1", MiB, () => "10.0.0.1");
    expect(next).toBe("key_1|10.0.0.1");
    expect(budget.reserve("key_1", 100 * MiB, () => "10.0.0.1")).toBeUndefined();
    budget.release(big!, 100 * MiB);
    budget.release(next!, MiB);
    expect(budget.reserve("key_1", 100 * MiB, () => "10.0.0.1")).toBe("key_1");
  });
});
