// Source values → canonical values: number and date formats, and the messages for bad ones.
import { describe, expect, test } from "bun:test";
import { SeededRandom } from "../../src/analysis/random.ts";
import { columnIndex } from "../../src/connectors/mapping.ts";
import { dateFormat, inDateRange, isoDate, isoMomentZ, parseDate, parseNumber, plainDecimalAt } from "../../src/connectors/values.ts";
import { sniffDateFormat } from "../../src/connectors/csv/date-format.ts";

describe("parseNumber", () => {
  test("plain decimals read digit by digit are exactly the doubles Number() gives", () => {
    const plain = { decimal: "." as const, thousands: "" };
    const samples = ["0", "-0", "0.0", "-0.00", "5.", ".5", "007.250", "30383.32", "-2430.67", "0.08", "0.1", "0.3", "1e3", "123456789012345", "1234567890123456", "0.000000000000000000001", "9007199254740993", "99999999999999.99"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const int = String(next() % 10 ** (1 + (next() % 9)));
      const frac = String(next()).slice(0, next() % 8);
      samples.push(`${next() % 2 ? "-" : ""}${int}${frac ? `.${frac}` : ""}`);
    }
    for (const s of samples) {
      if (s === "1e3") expect(() => parseNumber(s, plain)).not.toThrow();
      else if (Math.abs(Number(s)) > 1e15) expect(() => parseNumber(s, plain)).toThrow("is beyond ±1e15");
      else expect(Object.is(parseNumber(s, plain), Number(s))).toBe(true);
    }
  });

  test("a magnitude beyond 1e15 is refused in every notation (a product of such numbers overflows to Infinity, which JSON writes as null)", () => {
    const plain = { decimal: "." as const, thousands: "" };
    expect(parseNumber("999999999999999", plain)).toBe(999999999999999);
    expect(parseNumber("-1e15", plain)).toBe(-1e15);
    for (const big of ["1e308", "1000000000000001", "-2e15"]) expect(() => parseNumber(big, plain)).toThrow(`"${big}" is beyond ±1e15`);
    expect(() => parseNumber("1.000.000.000.000.000,5", { decimal: ",", thousands: "." })).toThrow("is beyond ±1e15");
    expect(() => parseNumber(1e300, plain)).toThrow("1e+300 is beyond ±1e15");
    expect(() => parseNumber(10n ** 20n, plain)).toThrow("100000000000000000000 is beyond ±1e15");
  });

  test("plain, European and Swiss notations", () => {
    expect(parseNumber("1234.56", { decimal: ".", thousands: "" })).toBe(1234.56);
    expect(parseNumber("-0.5", { decimal: ".", thousands: "" })).toBe(-0.5);
    expect(parseNumber("1,234.56", { decimal: ".", thousands: "," })).toBe(1234.56);
    expect(parseNumber("1.234,56", { decimal: ",", thousands: "." })).toBe(1234.56);
    expect(parseNumber("1'234.5", { decimal: ".", thousands: "'" })).toBe(1234.5);
    expect(parseNumber(" ", { decimal: ".", thousands: "" })).toBeUndefined();
    expect(parseNumber(12n, { decimal: ".", thousands: "" })).toBe(12);
  });

  test("amounts as exports write them: currency signs and codes, percent, accounting parentheses, SAP's trailing minus, typographic separators", () => {
    const plain = { decimal: "." as const, thousands: "" };
    const us = { decimal: "." as const, thousands: "," };
    const de = { decimal: "," as const, thousands: "." };
    expect(["(1234.56)", "1234.56-", "\u22121234.56", "-$12.50".replace("12.50", "1234.56")].map((s) => parseNumber(s, plain))).toEqual([-1234.56, -1234.56, -1234.56, -1234.56]);
    expect(["$1,234.56", "(1,234.56)", "USD 1,234.56", "1,234.56 USD"].map((s) => parseNumber(s, us))).toEqual([1234.56, -1234.56, 1234.56, 1234.56]);
    expect(["€ 1.234,56", "1.234,56 EUR", "1.234,56-"].map((s) => parseNumber(s, de))).toEqual([1234.56, 1234.56, -1234.56]);
    expect([parseNumber("19%", plain), parseNumber("19 %", plain)]).toEqual([19, 19]);
    expect(parseNumber("1\u00a0234,56", { decimal: ",", thousands: " " })).toBe(1234.56);
    expect(parseNumber("1\u202f234,56", { decimal: ",", thousands: " " })).toBe(1234.56);
    expect(parseNumber("1\u2019234.56", { decimal: ".", thousands: "'" })).toBe(1234.56);
    for (const bad of ["-", "()", "EUR", "$", "12 EURO"]) expect(() => parseNumber(bad, plain)).toThrow("is not a number");
  });

  test("what JS would accept but a source number is not", () => {
    for (const bad of ["0x1f", "1.2.3", "12abc", "Infinity", "1,5"]) expect(() => parseNumber(bad, { decimal: ".", thousands: "" })).toThrow("is not a number");
  });
});

describe("dates", () => {
  test("ISO dates and moments; no zone means UTC", () => {
    const iso = dateFormat("iso");
    expect(parseDate("2025-02-03", iso)).toBe("2025-02-03");
    expect(parseDate("2025-02-03T10:00:00Z", iso)).toBe("2025-02-03T10:00:00Z");
    expect(parseDate("2025-02-03T10:00:00+02:00", iso)).toBe("2025-02-03T08:00:00Z");
    expect(parseDate("2025-02-03 10:00", iso)).toBe("2025-02-03T10:00:00Z");
    expect(parseDate(new Date("2025-02-03T00:00:00Z"), iso)).toBe("2025-02-03");
    expect(() => parseDate("2025-02-30", iso)).toThrow("not a calendar date");
    expect(() => parseDate("03/02/2025", iso)).toThrow("not an ISO 8601 date");
  });

  test("the ISO date and moment shapes read digit by digit are exactly the regular expressions'", () => {
    const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
    const ISO_MOMENT_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
    // Valid shapes with one to three characters replaced (digits, separators, letters, a
    // non-ASCII digit and full-width digit that \d does not take), cut or lengthened by one.
    const alphabet = ["0", "5", "9", "-", "T", "t", ":", "Z", "z", " ", ".", "+", "x", "\u0663", "\uff15", "/"];
    const rng = new SeededRandom(11);
    const next = (n: number) => rng.int(0, n - 1);
    let dates = 0;
    let moments = 0;
    for (let i = 0; i < 40_000; i++) {
      let s = i % 2 === 0 ? "2025-02-03" : "2025-02-03T10:04:59Z";
      const changes = next(4);
      for (let k = 0; k < changes; k++) {
        const at = next(s.length);
        s = s.slice(0, at) + alphabet[next(alphabet.length)]! + s.slice(at + 1);
      }
      if (next(10) === 0) s = next(2) === 0 ? s.slice(0, -1) : `${s}0`;
      expect(isoDate(s)).toBe(ISO_DATE.test(s));
      expect(isoMomentZ(s)).toBe(ISO_MOMENT_Z.test(s));
      if (ISO_DATE.test(s)) dates++;
      if (ISO_MOMENT_Z.test(s)) moments++;
    }
    // Both sides of each test are met often.
    expect(Math.min(dates, moments)).toBeGreaterThan(3000);
    const iso = dateFormat("iso");
    expect(() => parseDate("2025-02-03T24:00:00Z", iso)).toThrow("has an invalid time");
    expect(() => parseDate("2025-13-03T10:00:00Z", iso)).toThrow("not a calendar date");
    expect(parseDate("2024-02-29T23:59:59Z", iso)).toBe("2024-02-29T23:59:59Z");
  });

  test("configured patterns", () => {
    expect(parseDate("03.02.2025", dateFormat("DD.MM.YYYY"))).toBe("2025-02-03");
    expect(parseDate("2/3/2025 9:05", dateFormat("MM/DD/YYYY HH:mm"))).toBe("2025-02-03T09:05:00Z");
    expect(() => parseDate("31/02/2025", dateFormat("DD/MM/YYYY"))).toThrow("not a calendar date");
    expect(() => parseDate("2025.02.03", dateFormat("DD/MM/YYYY"))).toThrow("does not match the date format DD/MM/YYYY");
    expect(() => dateFormat("MM/YYYY")).toThrow("needs a year (YYYY or YY), a month (MM, M or MMM for its name) and a day (DD or D)");
    expect(() => dateFormat("DD/YYYY")).toThrow("needs a year (YYYY or YY), a month (MM, M or MMM for its name) and a day (DD or D)");
    expect(() => dateFormat("DD/MM/YYYY/YY")).toThrow("names a part twice");
  });

  test("a date read through a pattern is YYYY-MM-DD whatever its year: four digits, and none past 9999 (seventh attack pass)", () => {
    // Before: "0025-01-31" read under DD.MM.YYYY as "25-01-31", and a DATEV Belegdatum 0101 in a
    // period starting December 9999 as "10000-01-01": dates no ISO reader takes, stored as dates.
    expect(parseDate("31.01.0025", dateFormat("DD.MM.YYYY"))).toBe("0025-01-31");
    expect(parseDate("01.01.0000", dateFormat("DD.MM.YYYY"))).toBe("0000-01-01");
    const belegdatum = dateFormat("DDMM").fromPeriodStart!("9999-12-01");
    expect(parseDate("1512", belegdatum)).toBe("9999-12-15");
    expect(() => parseDate("0101", belegdatum)).toThrow("not a calendar date");
    expect(parseDate("0101", dateFormat("DDMM").fromPeriodStart!("0000-01-01"))).toBe("0000-01-01");
  });

  test("two-digit years, single-letter tokens and month names, as US, British and SAP exports write dates", () => {
    expect(parseDate("12/31/24", dateFormat("MM/DD/YY"))).toBe("2024-12-31");
    expect(parseDate("1/5/24", dateFormat("M/D/YY"))).toBe("2024-01-05");
    expect(parseDate("31.12.99", dateFormat("DD.MM.YY"))).toBe("1999-12-31");
    // POSIX's window: 69–99 are the 1900s, 00–68 the 2000s, whenever the file is read.
    expect(parseDate("01.01.68", dateFormat("DD.MM.YY"))).toBe("2068-01-01");
    expect(parseDate("01.01.69", dateFormat("DD.MM.YY"))).toBe("1969-01-01");
    expect(parseDate("31-Dec-2024", dateFormat("DD-MMM-YYYY"))).toBe("2024-12-31");
    expect(parseDate("31-DEC-24", dateFormat("DD-MMM-YY"))).toBe("2024-12-31");
    expect(parseDate("December 31, 2024", dateFormat("MMMM D, YYYY"))).toBe("2024-12-31");
    expect(parseDate("Sept. 3, 2024", dateFormat("MMM D, YYYY"))).toBe("2024-09-03");
    expect(parseDate("3. März 2024", dateFormat("D. MMMM YYYY"))).toBe("2024-03-03");
    expect(parseDate("15 juin 2024", dateFormat("D MMMM YYYY"))).toBe("2024-06-15");
    expect(parseDate("15 juil. 2024", dateFormat("D MMM YYYY"))).toBe("2024-07-15");
    expect(parseDate("31-Dec-2024 14:05", dateFormat("DD-MMM-YYYY"))).toBe("2024-12-31T14:05:00Z");
    expect(() => parseDate("31-Foo-2024", dateFormat("DD-MMM-YYYY"))).toThrow("has no month name the date format DD-MMM-YYYY knows");
    expect(() => parseDate("30-Feb-2024", dateFormat("DD-MMM-YYYY"))).toThrow("not a calendar date");
    expect(parseDate("2024-12-31", dateFormat("MM/DD/YY"))).toBe("2024-12-31");
  });

  test("what exports add to a pattern: a time after a date-only one, seconds after HH:mm; an ISO date under any pattern", () => {
    const de = dateFormat("DD.MM.YYYY");
    expect(parseDate("31.12.2024 14:05", de)).toBe("2024-12-31T14:05:00Z");
    expect(parseDate("31.12.2024 14:05:07", de)).toBe("2024-12-31T14:05:07Z");
    expect(parseDate("31.12.2024 14:05:07", dateFormat("DD.MM.YYYY HH:mm"))).toBe("2024-12-31T14:05:07Z");
    expect(parseDate("2024-12-31", de)).toBe("2024-12-31");
    expect(parseDate("2024-12-31T10:00:00+01:00", dateFormat("MM/DD/YYYY"))).toBe("2024-12-31T09:00:00Z");
    expect(() => parseDate("31.12.2024 25:00", de)).toThrow("has an invalid time");
    expect(() => parseDate("2024-02-30", de)).toThrow("not a calendar date");
  });

  test("a 12-hour time with am/pm after the date (NetSuite's and QuickBooks' default time format) is read on the 24-hour clock", () => {
    const us = dateFormat("M/D/YYYY");
    expect(parseDate("3/15/2025 9:05 am", us)).toBe("2025-03-15T09:05:00Z");
    expect(parseDate("3/15/2025 9:05 pm", us)).toBe("2025-03-15T21:05:00Z");
    expect(parseDate("3/15/2025 12:30 AM", us)).toBe("2025-03-15T00:30:00Z");
    expect(parseDate("3/15/2025 12:30 PM", us)).toBe("2025-03-15T12:30:00Z");
    expect(parseDate("3/15/2025 11:59:58 p.m.", us)).toBe("2025-03-15T23:59:58Z");
    expect(parseDate("3/15/2025 7:00PM", us)).toBe("2025-03-15T19:00:00Z");
    expect(parseDate("03/15/2025 07:00 PM", dateFormat("MM/DD/YYYY HH:mm"))).toBe("2025-03-15T19:00:00Z");
    expect(() => parseDate("3/15/2025 13:05 pm", us)).toThrow("has an invalid time");
    expect(() => parseDate("3/15/2025 0:05 am", us)).toThrow("has an invalid time");
    expect(() => parseDate("3/15/2025 pm", us)).toThrow("does not match the date format");
  });

  test("a pattern with an hour and no minutes reads the am/pm after the hour as the meridiem, not as seconds", () => {
    // "M/D/YYYY HH" passes config check; the meridiem's letter was read as the seconds the pattern
    // leaves out: "3/15/2025 9 pm" was kept as 2025-03-15T21:00:NaNZ, a date no detector can read.
    const hourly = dateFormat("M/D/YYYY HH");
    expect(parseDate("3/15/2025 9 pm", hourly)).toBe("2025-03-15T21:00:00Z");
    expect(parseDate("3/15/2025 12 am", hourly)).toBe("2025-03-15T00:00:00Z");
    expect(parseDate("3/15/2025 21", hourly)).toBe("2025-03-15T21:00:00Z");
    expect(parseDate("3/15/2025 9:05:07 pm", dateFormat("M/D/YYYY HH:mm:ss"))).toBe("2025-03-15T21:05:07Z");
    expect(parseDate("3/15/2025 9:05 pm", dateFormat("M/D/YYYY HH:mm"))).toBe("2025-03-15T21:05:00Z");
    expect(() => parseDate("3/15/2025 13 pm", hourly)).toThrow("has an invalid time");
  });

  test("a Business Central closing date (C12/31/2024: the year-end close's fictitious period after the last day) is read as its day", () => {
    // BC and Navision write the closing period's date with a C in front, in the export's own date
    // form; the Close Income Statement's lines were rejected rows ("does not match the date format").
    expect(parseDate("C12/31/2024", dateFormat("M/D/YYYY"))).toBe("2024-12-31");
    expect(parseDate("c31.12.2024", dateFormat("DD.MM.YYYY"))).toBe("2024-12-31");
    expect(parseDate("C2024-12-31", dateFormat("iso"))).toBe("2024-12-31");
    // Only a C before the date itself: any other letter, or a C after it, is still no date.
    expect(() => parseDate("X12/31/2024", dateFormat("M/D/YYYY"))).toThrow("does not match the date format");
    expect(() => parseDate("12/31/2024C", dateFormat("M/D/YYYY"))).toThrow("does not match the date format");
    expect(() => parseDate("C", dateFormat("M/D/YYYY"))).toThrow("does not match the date format");
    // A month by its name keeps its letters: "Dec 31, 2024" is no closing date of "ec 31".
    expect(parseDate("December 31, 2024", dateFormat("MMMM D, YYYY"))).toBe("2024-12-31");
  });

  test("the date format of a file whose dates carry a 12-hour time is found from them", () => {
    expect(sniffDateFormat(["3/15/2025 9:05 am", "12/1/2025 11:40 PM"])).toBe("MM/DD/YYYY");
    expect(sniffDateFormat(["15/3/2025 9:05 pm", "1/12/2025 11:40 am"])).toBe("DD/MM/YYYY");
  });

  test("ISO 8601's basic format YYYYMMDD, as the French FEC and SAP's internal dates write it, is read by default", () => {
    const iso = dateFormat("iso");
    expect(parseDate("20250203", iso)).toBe("2025-02-03");
    expect(parseDate("20241231", dateFormat("YYYYMMDD"))).toBe("2024-12-31");
    expect(() => parseDate("20250230", iso)).toThrow("not a calendar date");
    expect(() => parseDate("2025023", iso)).toThrow("not an ISO 8601 date");
  });

  test("a pattern without a year (DATEV's Belegdatum DDMM) reads dates only in a period that gives the year", () => {
    const ddmm = dateFormat("DDMM");
    expect(() => parseDate("0501", ddmm)).toThrow('"0501" has no year: the date format DDMM reads only a DATEV export');
    expect(parseDate("0501", ddmm.fromPeriodStart!("2025-01-01"))).toBe("2025-01-05");
    // Written as a number, the leading zero is gone.
    expect(parseDate("501", ddmm.fromPeriodStart!("2025-01-01"))).toBe("2025-01-05");
    // A fiscal year from July: March is in the next calendar year.
    const july = ddmm.fromPeriodStart!("2024-07-01");
    expect(parseDate("3107", july)).toBe("2024-07-31");
    expect(parseDate("1503", july)).toBe("2025-03-15");
    expect(() => parseDate("2902", ddmm.fromPeriodStart!("2025-01-01"))).toThrow("not a calendar date");
    expect(parseDate("2902", ddmm.fromPeriodStart!("2024-01-01"))).toBe("2024-02-29");
    expect(parseDate("05.01.", dateFormat("DD.MM.").fromPeriodStart!("2025-01-01"))).toBe("2025-01-05");
    // Formats with a year have no period to take.
    expect(dateFormat("DD.MM.YYYY").fromPeriodStart).toBeUndefined();
    expect(() => dateFormat("MMYYYY")).toThrow("needs a year (YYYY or YY), a month (MM, M or MMM for its name) and a day (DD or D)");
  });

  test("inclusive ranges; a date-only bound compares by day", () => {
    expect(inDateRange("2025-01-31T23:00:00Z", "2025-01-01", "2025-01-31")).toBe(true);
    expect(inDateRange("2025-02-01T00:00:00Z", "2025-01-01", "2025-01-31")).toBe(false);
    expect(inDateRange(undefined, "2025-01-01")).toBe(false);
    expect(inDateRange(undefined)).toBe(true);
  });
});

describe("plainDecimalAt in every number format", () => {
  // The CSV scan reads a number from its bytes with the format's separators; wherever it gives a
  // number it must be exactly parseNumber's for that format (and parseNumber must not refuse it).
  test("agrees with parseNumber on random fields, for every decimal and thousands separator", () => {
    const alphabet = ["0", "1", "5", "9", "0", "3", ".", ",", " ", "'", "-", "+", "e", "7", "2"];
    let x = 7;
    const next = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n);
    for (const decimal of [".", ","] as const) {
      for (const thousands of ["", ",", ".", " ", "'"] as const) {
        const format = { decimal, thousands };
        let plain = 0;
        for (let k = 0; k < 4000; k++) {
          const s = Array.from({ length: 1 + next(12) }, () => alphabet[next(alphabet.length)]).join("");
          const n = plainDecimalAt(Buffer.from(s), 0, s.length, decimal.charCodeAt(0), thousands ? thousands.charCodeAt(0) : -1);
          if (n === undefined) continue;
          plain++;
          let expected: number | undefined;
          try {
            expected = parseNumber(s, format);
          } catch (e) {
            throw new Error(`${JSON.stringify(s)} in ${JSON.stringify(format)}: plainDecimalAt gave ${n}, parseNumber refused it (${(e as Error).message})`);
          }
          if (!Object.is(n, expected)) throw new Error(`${JSON.stringify(s)} in ${JSON.stringify(format)}: ${n} vs ${expected}`);
        }
        expect(plain).toBeGreaterThan(100);
      }
    }
  });
});

describe("column names", () => {
  test("a header's columns match the canonical names but for case, spaces and punctuation; an exact name wins; two candidates match none", () => {
    const header = ["Transaction ID", "TYPE", "line-amount", "Unit Price", "Währung", "amount", "AMOUNT "];
    expect(columnIndex(header, "transaction_id")).toBe(0);
    expect(columnIndex(header, "type")).toBe(1);
    expect(columnIndex(header, "line_amount")).toBe(2);
    expect(columnIndex(header, "unit_price")).toBe(3);
    expect(columnIndex(header, "währung")).toBe(4);
    expect(columnIndex(header, "amount")).toBe(5);
    expect(columnIndex(["Amount", "AMOUNT"], "amount")).toBe(-1);
    expect(columnIndex(header, "sku")).toBe(-1);
  });
});
