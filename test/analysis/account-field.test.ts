// The column read as a ledger line's own account when the account stayed an attribute
// (src/analysis/account-field.ts): known by its name in the exports docs/connectors.md describes,
// and not confused with a column that only mentions an account.
import { describe, expect, test } from "bun:test";
import { accountFieldIndex, isAccountName } from "../../src/analysis/account-field.ts";

describe("the account column of a general ledger", () => {
  test("is known by the names ERPs give it", () => {
    for (const name of ["Account", "account_no", "G/L Account No.", "G/L Account Name", "GL_ACCOUNT", "Acct", "Natural Account", "HKONT", "Sachkonto", "Konto", "Compte", "Numéro compte", "Cuenta contable", "Conto"]) {
      expect(isAccountName(name)).toBe(true);
    }
  });

  test("is not a column that only mentions an account", () => {
    for (const name of ["Account Type", "Bank Account", "Offset Account", "Customer Account", "Account Manager", "Accounting Period", "Kontoart", "Description"]) {
      expect(isAccountName(name)).toBe(false);
    }
  });

  test("is an attribute among the amount contexts' fields, never the SKU or a canonical field", () => {
    expect(accountFieldIndex([{ field: "created_by", perLine: false }, { field: "attributes.Department", perLine: false }, { field: "attributes.Account", perLine: false }, { field: "sku", perLine: true }])).toBe(2);
    expect(accountFieldIndex([{ field: "created_by", perLine: false }, { field: "sku", perLine: true }])).toBe(-1);
  });
});
