// usage_stopped and recurring_component_missing (usage-stopped.ts, component-missing.ts): what a
// revenue-assurance analyst requires of a service's bills month by month, case by case, with the
// hard negatives real billing has (a vacant premise, net metering, the season, a service ended, a
// plan change, a block that comes and goes with the usage, an add-on a customer stops using).
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { BilledComponents, unitKind } from "../../src/analysis/detectors/leakage/billed-components.ts";
import { ServiceHistoryFindings } from "../../src/analysis/detectors/leakage/service-history.ts";
import { analyse, serviceHistoryFindings } from "./fixtures.ts";

type Line = [sku: string, unit: string, quantity: number, amount: number];
let seq = 0;
const bill = (date: string, lines: Line[], extra: Partial<Transaction> = {}): Transaction => ({
  transaction_id: `BS-${++seq}`, type: "invoice", date, customer_id: "A1", contract_id: "SA1", currency: "USD",
  amount: lines.reduce((s, l) => s + l[3], 0), lines: lines.map(([sku, unit, quantity, amount]) => ({ sku, unit, quantity, amount })), ...extra,
});
const month = (i: number) => `${2025 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-05`;
/** A residential electric bill: the customer charge and `kwh` of energy (none when 0). */
const electric = (i: number, kwh: number, extra: Partial<Transaction> = {}) =>
  bill(month(i), [["CUST", "MO", 1, 12], ...(kwh === 0 ? [] : ([["E1", "KWH", kwh, kwh * 0.12], ["FUEL", "KWH", kwh, kwh * 0.03]] as Line[])), ["FF", "%", 20, 0.6]], extra);

describe("units", () => {
  test("a unit of usage, of time and a percentage; none is none", () => {
    expect(unitKind("kWh")).toBe("usage");
    expect(unitKind("KW")).toBe("usage");
    expect(unitKind("MO")).toBe("time");
    expect(unitKind("Month")).toBe("time");
    expect(unitKind("%")).toBe("percent");
    expect(unitKind("")).toBeUndefined();
    expect(unitKind(undefined)).toBeUndefined();
  });
});

describe("usage_stopped", () => {
  test("a meter stuck for three months while the customer charge goes on: each of the three bills, at the usual usage", () => {
    const txns = [0, 1, 2, 3, 4, 5].map((i) => electric(i, 600)).concat([6, 7, 8].map((i) => electric(i, 0)), [electric(9, 600)]);
    const found = serviceHistoryFindings(txns);
    expect([...found.keys()]).toEqual([txns[6]!.transaction_id, txns[7]!.transaction_id, txns[8]!.transaction_id]);
    // 600 kWh at 0.12 + 0.03: 90 a month of usage.
    expect(found.get(txns[6]!.transaction_id)).toEqual(["usage_stopped:90"]);
  });

  test("one month without usage is no pattern", () => {
    expect(serviceHistoryFindings([0, 1, 2, 3].map((i) => electric(i, 600)).concat([electric(4, 0), electric(5, 600)])).size).toBe(0);
  });

  test("a premise the bills say is vacant", () => {
    const vacant = { attributes: { "Premise Status": "Vacant" } };
    expect(serviceHistoryFindings([0, 1, 2, 3].map((i) => electric(i, 600)).concat([electric(4, 0, vacant), electric(5, 0, vacant), electric(6, 0, vacant)])).size).toBe(0);
  });

  test("the same months without usage a year before: the season", () => {
    const use = (i: number) => (i % 12 >= 10 || i % 12 <= 1 ? 0 : 400);
    expect(serviceHistoryFindings(Array.from({ length: 22 }, (_, i) => electric(i, use(i)))).size).toBe(0);
  });

  test("a code most services bill no usage of in winter: a meter connected in summer is in its season too", () => {
    const txns: Transaction[] = [];
    for (let s = 0; s < 12; s++) {
      for (let i = 0; i < 22; i++) {
        const winter = i % 12 >= 10 || i % 12 <= 2;
        if (s === 0 && i < 5) continue; // connected in June
        txns.push(bill(month(i), [["IRR-BASE", "MO", 1, 9], ...(winter ? [] : ([["IRR-VOL", "KGAL", 20, 128]] as Line[]))], { contract_id: `IRR${s}`, customer_id: `C${s}` }));
      }
    }
    expect(serviceHistoryFindings(txns).size).toBe(0);
  });

  test("net metering: months of negative net usage are usage", () => {
    const nem = (i: number) => bill(month(i), [["CUST", "MO", 1, 12], ["NEM-CREDIT", "KWH", -300, -9]]);
    expect(serviceHistoryFindings([0, 1, 2, 3].map((i) => electric(i, 600)).concat([nem(4), nem(5), nem(6)])).size).toBe(0);
  });

  test("a service ended bills nothing more; one suspended stops its charge per period too", () => {
    expect(serviceHistoryFindings([0, 1, 2, 3, 4].map((i) => electric(i, 600))).size).toBe(0);
    const suspended = (i: number) => bill(month(i), [["RECONNECT-HOLD", "EA", 0, 0]]);
    expect(serviceHistoryFindings([0, 1, 2, 3].map((i) => electric(i, 600)).concat([suspended(4), suspended(5)])).size).toBe(0);
  });

  test("a metered add-on the customer stopped using, the plan the bulk of the bill: no finding", () => {
    const plan = (i: number, gb: number) => bill(month(i), [["PLAN", "MO", 1, 60], ...(gb ? ([["ROAM", "GB", gb, 10]] as Line[]) : [])]);
    expect(serviceHistoryFindings([0, 1, 2, 3].map((i) => plan(i, 2)).concat([plan(4, 0), plan(5, 0), plan(6, 0)])).size).toBe(0);
  });

  test("the vacant months billed to the owner's account are another service", () => {
    const owner = { customer_id: "OWNER" };
    expect(serviceHistoryFindings([0, 1, 2, 3].map((i) => electric(i, 600)).concat([electric(4, 0, owner), electric(5, 0, owner), electric(6, 0, owner)])).size).toBe(0);
  });
});

describe("recurring_component_missing", () => {
  /** A commercial bill: customer charge, energy, fuel and (unless `demand` is 0) a demand charge in kW. */
  const commercial = (i: number, demand: number, code = "DEMW") =>
    bill(month(i), [["CUST", "MO", 1, 35], ["ENERGY", "KWH", 40000, 3600], ["FUEL", "KWH", 40000, 1200], ...(demand ? ([[code, "KW", demand, demand * 11]] as Line[]) : [])], { contract_id: "SA9" });

  test("a demand charge missing from one bill between two that carry it: at risk their mean", () => {
    const txns = [commercial(0, 100), commercial(1, 100), commercial(2, 0), commercial(3, 120), commercial(4, 110), commercial(5, 100)];
    expect([...serviceHistoryFindings(txns)]).toEqual([[txns[2]!.transaction_id, ["recurring_component_missing:1210"]]]);
  });

  test("the summer code before, the winter code after: the unit's only line is still missing", () => {
    const txns = [commercial(0, 90, "DEMS"), commercial(1, 100, "DEMS"), commercial(2, 0), commercial(3, 100, "DEMW"), commercial(4, 100, "DEMW")];
    expect([...serviceHistoryFindings(txns).keys()]).toEqual([txns[2]!.transaction_id]);
  });

  test("a plan change: the code replaced by another of its unit, or gone for good, is not missing", () => {
    expect(serviceHistoryFindings([commercial(0, 100), commercial(1, 100), commercial(2, 0), commercial(3, 0), commercial(4, 0)]).size).toBe(0);
    expect(serviceHistoryFindings([commercial(0, 100), commercial(1, 100), commercial(2, 100, "DEMX"), commercial(3, 100)]).size).toBe(0);
  });

  test("a block that shares its unit with others comes and goes with the usage", () => {
    const tiered = (i: number, second: boolean) => bill(month(i), [["CUST", "MO", 1, 12], ["E1", "KWH", 600, 72], ...(second ? ([["E2", "KWH", 200, 30]] as Line[]) : [])]);
    expect(serviceHistoryFindings([tiered(0, true), tiered(1, true), tiered(2, false), tiered(3, true)]).size).toBe(0);
  });

  test("a late fee's invoice in the month is no bill missing the component", () => {
    const txns = [commercial(0, 100), commercial(1, 100), bill("2025-02-20", [["LATE", "%", 100, 15]], { contract_id: "SA9" }), commercial(2, 100)];
    expect(serviceHistoryFindings(txns).size).toBe(0);
  });

  test("a unit billed now and then (a set one month, another set two months later) is no component of every bill", () => {
    const order = (i: number, set: string | null) =>
      bill(month(i), [["A-1", "PCS", 4, 400], ["A-2", "PCS", 2, 300], ...(set ? ([[set, "SET", 1, 900]] as Line[]) : [])], { contract_id: "K1" });
    expect(serviceHistoryFindings([order(0, null), order(1, null), order(2, "SET-1"), order(3, null), order(4, "SET-2"), order(5, null)]).size).toBe(0);
  });

  test("an agreement's shipments, billed many times a month with the accessorials each needed, are no monthly bill", () => {
    const shipment = (i: number, day: number, extra: string | null) =>
      bill(`${month(i).slice(0, 8)}${String(day).padStart(2, "0")}`, [["LH", "CWT", 8, 200], ["FSC", "%", 200, 30], ...(extra ? ([[extra, "EA", 1, 75]] as Line[]) : [])], { contract_id: "PA-1" });
    const txns: Transaction[] = [];
    for (let i = 0; i < 6; i++) txns.push(shipment(i, 3, null), shipment(i, 12, i === 2 ? null : i < 2 ? "LIFTGATE" : "INSIDE"), shipment(i, 20, null));
    expect(serviceHistoryFindings(txns).size).toBe(0);
  });

  test("a customer's invoices without a contract are no service", () => {
    const noContract = (i: number, demand: number) => ({ ...commercial(i, demand), contract_id: undefined });
    expect(serviceHistoryFindings([noContract(0, 100), noContract(1, 100), noContract(2, 0), noContract(3, 100)]).size).toBe(0);
  });

  test("a month the premise is vacant", () => {
    const vacant = bill(month(1), [["CUST", "MO", 1, 35], ["ENERGY", "KWH", 10, 1], ["FUEL", "KWH", 10, 0.3]], { contract_id: "SA9", attributes: { Occupancy: "Vacant" } });
    expect(serviceHistoryFindings([commercial(0, 100), vacant, commercial(2, 100), commercial(3, 100)]).size).toBe(0);
  });
});

describe("split over scan workers", () => {
  test("parts merged in order judge as the whole history does", () => {
    const txns = [0, 1, 2, 3, 4, 5].map((i) => electric(i, 600)).concat([6, 7, 8].map((i) => electric(i, 0)));
    const whole = serviceHistoryFindings(txns);
    const first = new BilledComponents();
    const second = new BilledComponents();
    txns.slice(0, 5).forEach((t) => first.add(t));
    txns.slice(5).forEach((t) => second.add(t));
    const merged = new BilledComponents();
    merged.merge(structuredClone(first.state()));
    merged.merge(structuredClone(second.state()));
    const found = ServiceHistoryFindings.of(merged, 0.01);
    expect(new Map(found.entries().map(([id, f]) => [id, f.map((x) => `${x.code}:${x.amount_at_risk}`)]))).toEqual(whole);
  });
});

describe("recurring_component_missing and a minimum charge's code", () => {
  // A managed print contract's minimum volume commitment: the clicks of most months fall short and
  // are topped up with a MIN line; a busy month's clicks reach it and the bill carries no MIN line.
  // A minimum is a floor (below_minimum_charge judges the months below it), not a component due.
  const print = (i: number, clicks: number) =>
    bill(month(i), [["BASE-A3C", "MO", 1, 140], ["CLICK-MONO", "CLICK", clicks, clicks * 0.01], ...(clicks * 0.01 < 150 ? ([["MIN", "EA", 1, 150 - clicks * 0.01]] as Line[]) : [])], { contract_id: "MPS-1" });
  const txns = [print(0, 9000), print(1, 8000), print(2, 16000), print(3, 9500), print(4, 9000)];
  const judged = (minimumSkus?: string[]) => {
    const billed = new BilledComponents();
    for (const t of txns) billed.add(t);
    const found = ServiceHistoryFindings.of(billed, 0.01, undefined, minimumSkus);
    return txns.filter((t) => found.findingsFor(t.transaction_id).length > 0).map((t) => t.transaction_id);
  };
  test("a month whose charges reached the minimum misses no MIN line", () => {
    expect(judged(["MIN", "MINIMUM"])).toEqual([]);
  });
  test("a code not named a minimum is still a component", () => {
    expect(judged()).toEqual([txns[2]!.transaction_id]);
  });
});

describe("recurring_component_missing and the bill's own activity extract", () => {
  // A customs broker's consolidated monthly invoice: each month's entries, their additional HTS
  // lines (the only code in LINE) when an entry has more lines than the agreement includes. The
  // filings extract (shipments) names the invoice its month's filings were billed on: a month whose
  // filings carry no additional lines owes none, however regular they were before and after.
  const monthly = (i: number, lines: number) =>
    bill(month(i), [["BRK-ENTRY", "EA", 3, 255], ["DUTY", "EA", 3, 4120.5], ...(lines ? ([["HTS-ADDL", "LINE", lines, lines * 4]] as Line[]) : [])], { customer_id: "UNIONFURN", contract_id: "RA-UNIONFURN" });
  const txns = [monthly(0, 7), monthly(1, 3), monthly(2, 0), monthly(3, 5), monthly(4, 2)];
  const filed = (i: number, lines: number) => [
    { shipment_id: `F${i}a`, transaction_id: txns[i]!.transaction_id, sku: "BRK-ENTRY", quantity: 3 },
    ...(lines ? [{ shipment_id: `F${i}b`, transaction_id: txns[i]!.transaction_id, sku: "HTS-ADDL", quantity: lines }] : []),
  ];
  const missing = async (shipments: Record<string, unknown>[]) =>
    (await analyse(txns[2]!, { history: txns, ref: { shipments: shipments as never } })).anomalies.filter((a) => a.code === "recurring_component_missing");

  test("the month's filings name the bill and carry none of the code the extract tracks: nothing missing", async () => {
    expect(await missing([...filed(0, 7), ...filed(1, 3), ...filed(2, 0), ...filed(3, 5), ...filed(4, 2)])).toEqual([]);
  });

  test("no filing names the bill, or the extract never carries the code: still a component missing", async () => {
    expect((await missing([...filed(0, 7), ...filed(1, 3), ...filed(3, 5), ...filed(4, 2)])).map((a) => a.amount_at_risk)).toEqual([16]);
    const entriesOnly = [0, 1, 2, 3, 4].flatMap((i) => filed(i, 0));
    expect((await missing(entriesOnly)).map((a) => a.amount_at_risk)).toEqual([16]);
  });
});
