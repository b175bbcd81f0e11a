// lookalike_counterparty through the engine: where the names are found (zero-config), what is
// flagged high, and the hard negatives that must stay below it.
import { describe, expect, test } from "bun:test";
import { profileNameField, readsAsName } from "../../src/analysis/names/name-field.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 6);

function entry(id: string, day: number, party: string, o: { name?: string; amount?: number; journal?: string } = {}): Transaction {
  return {
    transaction_id: id,
    type: "invoice",
    date: new Date(START + day * DAY + 10 * 3_600_000).toISOString(),
    customer_id: party,
    currency: "GBP",
    amount: o.amount ?? 500,
    created_by: "ap.clerk",
    lines: [],
    attributes: { Source: "ACCPAY", Account: "400", ...(o.journal ? { "Journal No": o.journal } : {}), ...(o.name ? { "Contact Name": o.name } : {}) },
  };
}

/** Suppliers billed every 3 days for a year: each reaches 20 bills within two months. */
function ledger(parties: [string, string?][], extra: Transaction[] = []): Transaction[] {
  const out: Transaction[] = [];
  for (let day = 0; day < 360; day += 3) for (const [i, [party, name]] of parties.entries()) out.push(entry(`H-${day}-${i}`, day, party, { name }));
  return [...out, ...extra].sort((a, b) => a.date!.localeCompare(b.date!));
}

async function scan(transactions: Transaction[], config = modulesConfig()) {
  const { engine } = makeEngine([memoryConnector({ transactions })], config);
  const out = new Map<string, { score: number; message?: string; level: string; codes: string[] }>();
  for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection" })) {
    const l = f.anomalies.find((a) => a.code === "lookalike_counterparty");
    out.set(f.transaction.transaction_id, { score: f.risk_score, message: l?.message, level: l?.severity ?? "none", codes: f.anomalies.map((a) => a.code) });
  }
  return out;
}

const REAL: [string][] = ["Acme Supplies Ltd", "Northwind Traders", "Contoso GmbH", "Brightside Cleaning", "Store 12", "J Smith", "Amazon Web Services"].map((n) => [n]);

describe("zero-config: where the name is", () => {
  test("a name column by its header and values; customer_id when it holds names; none for codes", () => {
    const withColumn = [entry("a", 0, "V10023", { name: "Acme Supplies Ltd" }), entry("b", 0, "V10024", { name: "Northwind Traders" })];
    expect(profileNameField(withColumn)).toBe("attributes.Contact Name");
    expect(profileNameField([entry("a", 0, "Acme Supplies Ltd"), entry("b", 0, "J Smith")])).toBe("customer_id");
    expect(profileNameField([entry("a", 0, "V10023"), entry("b", 0, "CUST-0001")])).toBeUndefined();
    expect(readsAsName("ACME SUPPLIES LTD")).toBe(true);
    expect(readsAsName("DE-4711")).toBe(false);
    expect(readsAsName("BT")).toBe(false);
  });
});

describe("lookalike_counterparty", () => {
  test("fictitious suppliers named after real ones are high, naming the real one", async () => {
    const fakes = [
      entry("F1", 200, "Acme Suplies Ltd", { amount: 480 }),
      entry("F2", 210, "North-Wind Traders"),
      entry("F3", 220, "C0ntoso GmbH"),
      entry("F4", 230, "Contoso Gmbh."),
    ];
    const r = await scan(ledger(REAL, fakes));
    for (const id of ["F1", "F2", "F3", "F4"]) expect(r.get(id)!.level).toBe("high");
    expect(r.get("F1")!.message).toContain('resembles "Acme Supplies Ltd"');
    expect(r.get("F3")!.message).toContain('resembles "Contoso GmbH"');
  });

  test("Cyrillic and Greek letters drawn like Latin ones do not hide an imitation (sixth attack pass)", async () => {
    // Each renders exactly as the real name; before, the foreign letters split the words apart
    // ("me supplies", "orthwind raders") and none was flagged.
    const fakes = [
      entry("H1", 200, "\u0410\u0441me Supplies Ltd", { amount: 480 }), // Cyrillic А and с
      entry("H2", 210, "\u039dorthwind \u03a4raders"), // Greek Ν and Τ
      entry("H3", 220, "Brights\u0456d\u0435 Cl\u0435aning"), // Cyrillic і and е, three times
    ];
    const r = await scan(ledger(REAL, fakes));
    for (const id of ["H1", "H2", "H3"]) expect(r.get(id)!.level).toBe("high");
    expect(r.get("H1")!.message).toContain('resembles "Acme Supplies Ltd"');
    expect(r.get("H2")!.message).toContain('resembles "Northwind Traders"');
  });

  test("names written in Cyrillic are read as before: two companies sharing a word are not one name", async () => {
    const russian: [string][] = [["\u0422\u043e\u0440\u0433\u043e\u0432\u044b\u0439 \u0434\u043e\u043c \u041a\u041e\u041c\u0415\u0422\u0410"], ...REAL];
    const r = await scan(ledger(russian, [entry("R1", 200, "\u0421\u0442\u0440\u043e\u0439 \u041a\u041e\u041c\u0415\u0422\u0410")]));
    expect(r.get("R1")!.codes).not.toContain("lookalike_counterparty");
  });

  test("hard negatives stay below high: related names, numbered sites, namesakes, short names", async () => {
    const newcomers = [
      entry("N1", 200, "Amazon Business"),
      entry("N2", 200, "Store 13"),
      entry("N3", 200, "K Smith"),
      entry("N4", 200, "BT"),
      entry("N5", 200, "EE"),
      entry("N6", 200, "O2"),
      entry("N7", 200, "Acme UK Ltd"),
    ];
    const r = await scan(ledger(REAL, newcomers));
    for (const id of ["N1", "N2", "N3", "N4", "N5", "N6", "N7"]) expect(r.get(id)!.message).toBeUndefined();
  });

  test("codes one digit apart are codes; a typo on a line of an existing vendor is that vendor", async () => {
    const parties: [string, string][] = [["V10023", "Acme Supplies Ltd"], ["V10024", "Northwind Traders"]];
    const typo = entry("T1", 200, "V10023", { name: "Acme Suplies Ltd" });
    const fake = entry("F1", 210, "V10099", { name: "Acme Suplies Ltd" });
    const r = await scan(ledger(parties, [typo, fake]));
    expect(r.get("T1")!.message).toBeUndefined();
    expect(r.get("F1")!.level).toBe("high");
    expect(r.get("F1")!.message).toContain("V10023");
  });

  test("a name typed differently on one line of a document is the document's counterparty", async () => {
    const bill = [entry("D1", 200, "Acme Supplies Ltd", { journal: "J9" }), entry("D2", 200, "Acme Suplies Ltd", { journal: "J9" })];
    // Bills of two lines (expense and payable), each line naming the supplier.
    const history = ledger(REAL).flatMap((t, i) => [0, 1].map((k) => ({ ...t, transaction_id: `${t.transaction_id}-${k}`, attributes: { ...t.attributes, "Journal No": `J-${i}` } })));
    const r = await scan([...history, ...bill].sort((a, b) => a.date!.localeCompare(b.date!)));
    expect(r.get("D2")!.message).toBeUndefined();
  });

  test("a renamed supplier (the old name stops, the new one carries on) is medium at most, and not new", async () => {
    const old = Array.from({ length: 60 }, (_, k) => entry(`O${k}`, k * 3, "Harbour Foods Ltd"));
    const renamed = Array.from({ length: 50 }, (_, k) => entry(`R${k}`, 182 + k * 3, "Harbour Foods Limited", { amount: k === 0 ? 600 : 500 }));
    const r = await scan(ledger(REAL, [...old, ...renamed]));
    expect(r.get("R0")!.level).toBe("medium");
    expect(r.get("R0")!.message).toContain("rename");
    expect(r.get("R0")!.codes).not.toContain("new_counterparty_large_amount");
  });

  test("a resemblance to a counterparty seen only a few times is medium", async () => {
    const rare = [entry("S1", 100, "Lighthouse Catering"), entry("S2", 130, "Lighthouse Catering"), entry("S3", 160, "Lighthouse Catering")];
    const r = await scan(ledger(REAL, [...rare, entry("F1", 200, "Lighthouse Caterng")]));
    expect(r.get("F1")!.level).toBe("medium");
  });

  test("a subscription charged every month for half a year is established: a lookalike of it is high", async () => {
    // A card feed's SaaS vendor: one charge a month, eight months before the imitation appears.
    const monthly = Array.from({ length: 11 }, (_, m) => entry(`M${m}`, 10 + 30 * m, "DATADOG INC"));
    const r = await scan(ledger(REAL, [...monthly, entry("F2", 250, "DATADOGG INC"), entry("F3", 280, "DATADOGG INC")]));
    expect(r.get("F2")!.level).toBe("high");
    // Three charges in three months are still few: medium.
    const quarterly = [entry("Q1", 100, "Lighthouse Catering"), entry("Q2", 130, "Lighthouse Catering"), entry("Q3", 160, "Lighthouse Catering"), entry("Q4", 190, "Lighthouse Catering")];
    expect((await scan(ledger(REAL, [...quarterly, entry("F4", 200, "Lighthouse Caterng")]))).get("F4")!.level).toBe("medium");
  });

  test("an inline analysis of a new lookalike is judged against the history", async () => {
    const { engine } = makeEngine([memoryConnector({ transactions: ledger(REAL) })], modulesConfig());
    const r = await engine.analyze({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", data: entry("X1", 300, "Brightside Claening") as unknown as Record<string, unknown> });
    expect(r.anomalies.find((a) => a.code === "lookalike_counterparty")?.severity).toBe("high");
  });

  test("name_field set explicitly; weight 0 switches it off", async () => {
    const parties: [string, string][] = [["V1", "Acme Supplies Ltd"]];
    const fake = entry("F1", 210, "V2", { name: "Acme Suplies Ltd" });
    const off = await scan(ledger(parties, [fake]), modulesConfig({ anomaly_detection: { lookalike_counterparty: { name_field: "customer_id" } } }));
    expect(off.get("F1")!.message).toBeUndefined();
    const on = await scan(ledger(parties, [fake]), modulesConfig({ anomaly_detection: { lookalike_counterparty: { name_field: "attributes.Contact Name" } } }));
    expect(on.get("F1")!.level).toBe("high");
    const zero = await scan(ledger(parties, [fake]), modulesConfig({ anomaly_detection: { weights: { lookalike_counterparty: 0 } } }));
    expect(zero.get("F1")!.message).toBeUndefined();
  });
});
