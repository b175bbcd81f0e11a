import { describe, expect, test } from "bun:test";
import { boundedEditDistance } from "../../../src/analysis/names/edit-distance.ts";
import { nameKey, resembles } from "../../../src/analysis/names/counterparty-name.ts";

function match(candidate: string, established: string) {
  return resembles(nameKey(candidate)!, nameKey(established)!, candidate, established);
}

describe("boundedEditDistance", () => {
  test("insertions, deletions, substitutions and transpositions count one edit each", () => {
    expect(boundedEditDistance("supplies", "suplies", 2)).toBe(1);
    expect(boundedEditDistance("traders", "tradres", 2)).toBe(1);
    expect(boundedEditDistance("contoso", "contosa", 2)).toBe(1);
    expect(boundedEditDistance("abc", "abc", 0)).toBe(0);
  });
  test("stops beyond the bound", () => {
    expect(boundedEditDistance("amazonwebservices", "amazonbusiness", 2)).toBe(3);
    expect(boundedEditDistance("a", "abcdef", 1)).toBe(2);
  });
});

describe("nameKey", () => {
  test("case, spacing, punctuation, accents and the legal form's spelling are set aside", () => {
    expect(nameKey("Müller GmbH")!.compact).toBe(nameKey("MULLER gmbh.")!.compact);
    expect(nameKey("North-Wind Traders")!.compact).toBe(nameKey("Northwind Traders")!.compact);
    expect(nameKey("Acme Supplies Limited")!.legalForm).toBe("ltd");
    expect(nameKey("Acme Supplies Ltd.")!.legalForm).toBe("ltd");
    expect(nameKey("Widgets Pty Ltd")!.legalForm).toBe("pty ltd");
    expect(nameKey("Smith & Co")!.compact).toBe(nameKey("Smith and Co.")!.compact);
  });
  test("homoglyphs fold inside words that mix letters and digits, never in numbers", () => {
    expect(nameKey("C0ntoso GmbH")!.compact).toBe(nameKey("Contoso GmbH")!.compact);
    expect(nameKey("Gl0bal 5upplies")!.compact).toBe(nameKey("Global Supplies")!.compact);
    expect(nameKey("ACME SUPPLIES")!.compact).toBe(nameKey("Acme Supplies")!.compact);
    expect(nameKey("Store 10")!.compact).not.toBe(nameKey("Store lo")!.compact);
  });
  test("a name that is only a legal form, or nothing, has no key", () => {
    expect(nameKey("  ")).toBeUndefined();
    expect(nameKey("Ltd")!.compact).toBe("ltd");
  });
});

describe("resembles", () => {
  test("the imitations of fraud practice", () => {
    expect(match("Acme Suplies Ltd", "Acme Supplies Ltd")).toEqual({ kind: "misspelt", edits: 1 });
    expect(match("North-Wind Traders", "Northwind Traders")).toEqual({ kind: "same_after_normalising", edits: 0 });
    expect(match("Contoso Gmbh.", "Contoso GmbH")).toEqual({ kind: "same_after_normalising", edits: 0 });
    expect(match("C0ntoso GmbH", "Contoso GmbH")).toEqual({ kind: "same_after_normalising", edits: 0 });
    expect(match("Northwind Tradres", "Northwind Traders")).toEqual({ kind: "misspelt", edits: 1 });
    expect(match("Acme Supplies", "Acme Supplies Ltd")).toEqual({ kind: "same_after_normalising", edits: 0 });
    expect(match("acme supplies ltd", "Acme Supplies Ltd")).toEqual({ kind: "identical", edits: 0 });
    // Judged by the imitated word: "Summit" (6 letters) with a letter dropped.
    expect(match("Smmit Catering", "Summit Catering")).toEqual({ kind: "misspelt", edits: 1 });
  });
  test("two edits only in a word of twelve letters or more", () => {
    expect(match("Internationall Freigt", "International Freight")).toBeUndefined();
    expect(match("Telecommunicatons Servces", "Telecommunications Services")).toBeUndefined();
    expect(match("Telecomunicatons Services", "Telecommunications Services")).toEqual({ kind: "misspelt", edits: 2 });
  });
  test("names told apart by a number, an initial, a short word or a whole word stay apart", () => {
    expect(match("Store 13", "Store 12")).toBeUndefined();
    expect(match("Site B", "Site A")).toBeUndefined();
    expect(match("K Smith", "J Smith")).toBeUndefined();
    expect(match("Joan Smith", "John Smith")).toBeUndefined();
    expect(match("Amazon Business", "Amazon Web Services")).toBeUndefined();
    expect(match("Acme UK Ltd", "Acme Ltd")).toBeUndefined();
    expect(match("Unit 7 Logistics", "Unit 1 Logistics")).toBeUndefined();
    expect(match("Site L", "Site I")).toBeUndefined();
    expect(match("Echho Stationery", "Echo Stationery")).toBeUndefined();
  });
  test("short names are abbreviations, not imitations", () => {
    expect(match("EE", "BE")).toBeUndefined();
    expect(match("O2", "02")).toBeUndefined();
    expect(match("B.T.", "BT")).toBeUndefined();
  });
  test("another legal form of the same name is reported as such", () => {
    expect(match("Contoso Inc", "Contoso GmbH")).toEqual({ kind: "other_legal_form", edits: 0 });
    expect(match("Contoso Ink", "Contoso GmbH")).toBeUndefined();
  });
});
