// The document's tax jurisdiction as web-store exports name it (docs/analysis.md, "Tax
// jurisdictions"): Shopify's "Shipping Province", a "Ship State" column — without it a US store's
// invoices of all states that share a rate are one regime, and a state that does not tax shipping
// cannot be learned apart from one that does.
import { expect, test } from "bun:test";
import { jurisdictionOf } from "../../src/analysis/detectors/leakage/tax-habits.ts";
import { invoice } from "./fixtures.ts";

const withAttribute = (name: string, value: string) => ({ ...invoice("T1", { lines: [{ sku: "A", qty: 1, unit: 10 }] }), attributes: { [name]: value } });

test("web stores' ship-to state columns name the jurisdiction", () => {
  expect(jurisdictionOf(withAttribute("Shipping Province", "IL"))).toBe("IL");
  expect(jurisdictionOf(withAttribute("Ship State", "tx"))).toBe("TX");
  expect(jurisdictionOf(withAttribute("shipping_province_code", "NY"))).toBe("NY");
  // A country is no jurisdiction of its own here (VAT by destination country has its rate).
  expect(jurisdictionOf(withAttribute("Ship Country", "US"))).toBe("");
});

test("a construction or service job's state names the jurisdiction: the tax is the job site's", () => {
  // Sage 300 CRE, Vista and Procore exports name the job's state ("Job State", "Project State"):
  // Illinois bills service parts only at 8.25 %, Texas repair work in full at the same 8.25 %.
  expect(jurisdictionOf(withAttribute("Job State", "IL"))).toBe("IL");
  expect(jurisdictionOf(withAttribute("Project State", "wa"))).toBe("WA");
  expect(jurisdictionOf(withAttribute("Jobsite State", "NM"))).toBe("NM");
  expect(jurisdictionOf(withAttribute("Site State", "HI"))).toBe("HI");
  // The job's name or number is no jurisdiction.
  expect(jurisdictionOf(withAttribute("Job Name", "Tower"))).toBe("");
});
