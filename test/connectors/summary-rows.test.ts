// namesSummary (mapping.ts) tells a totals row by its first character before running the regular
// expressions: it must answer as the expressions alone do, for every id and label — the words
// they match in any case and spacing, ids and labels of ordinary rows, and characters that a
// case-insensitive match might be thought to fold onto g, s or t.
import { expect, test } from "bun:test";
import { namesSummary } from "../../src/connectors/mapping.ts";

// The expressions as mapping.ts had them before the first-character test (the reference).
const SUMMARY_ID = /^(grand\s*)?totals?:?$|^(gesamt)?summen?:?$|^gesamt:?$|^total\s+général:?$|^totale:?$|^totaal:?$/i;
const SUMMARY_LABEL = /^(grand\s*)?totals?\b|^(gesamt)?summen?\b|^gesamt\b|^total\s+général\b|^totale\b|^totaal\b/i;

const words = ["total", "totals", "total:", "grand total", "grandtotal", "Grand  Totals:", "summe", "summen", "gesamtsumme", "gesamt", "gesamt:", "total général", "totale", "totaal", "Summe Konto 1200", "Total for Checking", "TOTAL", "Gesamt Konto", "totality", "summer", "subtotal"];
const ordinary = ["JE-0000001", "INV-1", "1001", "", " total", "\ttotal", "2025-01-01", "Sales", "sales 2025", "tax", "Transfer", "grant", "G", "s", "T", "x total", "ſumme", "ſumme:", "Ｔotal", "Ｓumme", "ǥesamt", "ŧotal", "\u212Aotal", "Şumme", "Ťotal", "total\u00A0général"];
// Every one- and two-character string of the first 256 code points, and a few beyond.
const short: string[] = [];
for (let a = 0; a < 256; a++) {
  short.push(String.fromCharCode(a));
  for (const b of [0x20, 0x3a, 0x61, 0x6f, 0x74, 0x75]) short.push(String.fromCharCode(a, b));
}
for (const c of [0x17f, 0x212a, 0x1e9e, 0xff33, 0xff34, 0xff47, 0x3c3, 0x3c4]) short.push(String.fromCharCode(c) + "otal", String.fromCharCode(c) + "umme");

test("namesSummary answers as the totals-row expressions do (ids and numbered rows' labels)", () => {
  const all = [...words, ...words.map((w) => w.toUpperCase()), ...ordinary, ...short];
  let summaries = 0;
  for (const s of all) {
    expect([s, namesSummary(s, false)]).toEqual([s, SUMMARY_ID.test(s)]);
    expect([s, namesSummary(s, true)]).toEqual([s, SUMMARY_LABEL.test(s)]);
    if (SUMMARY_LABEL.test(s)) summaries++;
  }
  expect(summaries).toBeGreaterThan(30);
});
