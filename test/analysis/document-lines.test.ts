// A ledger of document lines (one transaction per line, the document number beside it): a
// document that repeats an unusual pair on several lines is one occurrence of it, not a history of
// several that hides the pair from each of its own lines (history.ts, profile.ts).
import { describe, expect, test } from "bun:test";
import { profileDocumentField } from "../../src/analysis/profile.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse } from "./fixtures.ts";

const USERS: Record<string, string> = { U1: "C1", U2: "C1", U3: "C2", U4: "C2" };

/** A line of a document: a company, its user, an account and a posting key. */
function line(doc: string, n: number, user: string, company: string, account: string, key: string, column = "document_no"): Transaction {
  return {
    transaction_id: `${doc}-${n}`,
    type: "journal_entry",
    date: "2025-03-04",
    created_by: user,
    currency: company === "C1" ? "EUR" : "USD",
    amount: 100 + n,
    lines: [],
    attributes: { [column]: doc, BUKRS: company, HKONT: account, BSCHL: key },
  };
}

/** 1,500 two-line documents: each user books only in its own company. */
function ledger(column = "document_no"): Transaction[] {
  const out: Transaction[] = [];
  for (let d = 0; d < 1500; d++) {
    const user = Object.keys(USERS)[d % 4]!;
    const company = USERS[user]!;
    out.push(line(`D${d}`, 1, user, company, "200000", "31", column), line(`D${d}`, 2, user, company, `6${d % 5}0000`, "40", column));
  }
  return out;
}

/** U1, who books only in C1, books a four-line document in C2. */
function foreign(column = "document_no"): Transaction[] {
  return [line("X1", 1, "U1", "C2", "200000", "31", column), ...[2, 3, 4].map((n) => line("X1", n, "U1", "C2", "610000", "40", column))];
}

describe("documents of several lines", () => {
  test("the document number column is recognised by its name and its consecutive runs", () => {
    expect(profileDocumentField(ledger())).toBe("attributes.document_no");
    expect(profileDocumentField(ledger("BELNR"))).toBe("attributes.BELNR");
    // The labels of SAP lists on a German or an English S/4HANA logon, of DATEV and of French exports.
    expect(profileDocumentField(ledger("Belegnummer"))).toBe("attributes.Belegnummer");
    expect(profileDocumentField(ledger("Beleg-Nr."))).toBe("attributes.Beleg-Nr.");
    expect(profileDocumentField(ledger("Journal Entry"))).toBe("attributes.Journal Entry");
    expect(profileDocumentField(ledger("N° pièce"))).toBe("attributes.N° pièce");
    // Another name, or a value met again after others (not one run per document), is no document number.
    expect(profileDocumentField(ledger("note"))).toBeUndefined();
    const scattered = ledger();
    scattered.push(line("D7", 3, "U4", "C2", "600000", "40"));
    expect(profileDocumentField([...scattered, ...scattered.slice(0, 300)])).toBeUndefined();
    // One line per document: nothing to count once.
    expect(profileDocumentField(ledger().filter((t) => t.transaction_id.endsWith("-1")))).toBeUndefined();
  });

  test("an unusual pair repeated on the lines of one document is found on each of them", async () => {
    const history = [...ledger(), ...foreign()];
    for (const t of foreign()) {
      const r = await analyse(t, { module: "anomaly_detection", history });
      const finding = r.anomalies.find((a) => a.code === "rare_combination");
      expect(finding?.message).toMatch(/created_by "U1"/); // with company C2, or its currency
      expect((finding?.actual as { count: number }).count).toBe(0);
    }
    // Without a document number the three other lines are three earlier occurrences: not rare.
    const plain = [...ledger("note"), ...foreign("note")];
    const r = await analyse(foreign("note")[1]!, { module: "anomaly_detection", history: plain });
    expect(r.anomalies.find((a) => a.code === "rare_combination" && /U1/.test(a.message))).toBeUndefined();
  });
});
