// The organisation's grants and who may release restricted net assets, configured as reference
// data (modules.compliance.grants, .restriction_releases): a cost on an account the award does
// not allow, a cost dated outside the award's period, a release posted by nobody authorised.
import { describe, expect, test } from "bun:test";
import { analyse, codes } from "./fixtures.ts";
import { modulesConfig } from "../support/engine.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

/** A general-ledger line mapped one row per line (amount = debit − credit, the rest attributes). */
const line = (id: string, date: string, amount: number, attributes: Record<string, string>, who: { created_by?: string; approved_by?: string } = {}): Transaction => ({
  transaction_id: id, type: "invoice", date, currency: "USD", amount, lines: [],
  created_by: who.created_by ?? "kpatel", approved_by: who.approved_by ?? "dchen", attributes,
});

const config = modulesConfig({
  compliance: {
    grants: {
      cost_accounts: ["5*", "6*", "7*"],
      unallowable_accounts: ["7850"],
      awards: [
        { id: "HHS-90FX0123-Y1", start: "2023-10-01", end: "2024-09-30" },
        { id: "MA-DESE-AL25", start: "2024-07-01", end: "2025-06-30", allowed_accounts: ["5010", "5020", "5030", "6050", "6900"] },
      ],
    },
    restriction_releases: { accounts: ["4900"], authorized_users: ["dchen", "jmorales", "kpatel"] },
  },
});
const run = async (t: Transaction) => codes((await analyse(t, { module: "compliance", config })).anomalies).filter((c) => c !== "self_approval");

describe("grant terms", () => {
  test("an unallowable account charged to a grant is reported; the same account on the unrestricted fund is not", async () => {
    const bar = line("R1", "2024-05-14", 612.4, { "Account No": "7850", Grant: "HHS-90FX0123-Y1--HHS Youth Mentoring Y1", Fund: "300--Federal Awards" });
    expect(await run(bar)).toEqual(["grant_unallowable_cost"]);
    // A board reception's bar, on no grant: allowable there.
    expect(await run(line("R2", "2024-05-14", 380, { "Account No": "7850", Grant: "", Fund: "100--Without Donor Restrictions" }))).toEqual([]);
    // An unallowable cost moved off the grant (a credit) is the correction, not the problem.
    expect(await run({ ...bar, transaction_id: "R3", amount: -612.4 })).toEqual([]);
  });

  test("a grant named by its id alone or as 'ID--Name' is the configured award; a longer id is another award", async () => {
    expect(await run(line("R4", "2024-05-14", 90, { "Account No": "7850", Grant: "HHS-90FX0123-Y1" }))).toEqual(["grant_unallowable_cost"]);
    // A grant not listed is still a grant: the unallowable accounts hold for every award.
    expect(await run(line("R5", "2024-05-14", 90, { "Account No": "7850", Grant: "HHS-90FX0123-Y10--Another award" }))).toEqual(["grant_unallowable_cost"]);
    // ... but its period is unknown: nothing is said of its dates.
    expect(await run(line("R6", "2026-05-14", 90, { "Account No": "6050", Grant: "HHS-90FX0123-Y10--Another award" }))).toEqual([]);
  });

  test("a cost account outside an award's budget (its allowed accounts) is unallowable there; balance-sheet lines are not costs", async () => {
    const grant = { Grant: "MA-DESE-AL25--Mass DESE Adult Literacy FY25" };
    expect(await run(line("R7", "2024-11-04", 240, { "Account No": "6050", ...grant }))).toEqual([]);
    expect(await run(line("R8", "2024-11-04", 1840, { "Account No": "6100", ...grant }))).toEqual(["grant_unallowable_cost"]);
    // The drawdown's receivable (a debit naming the grant) is no cost.
    expect(await run(line("R9", "2024-11-30", 18400, { "Account No": "1210", ...grant }))).toEqual([]);
  });

  test("a cost dated after the award's period (or before it) is reported; within it, or a credit after it, is not", async () => {
    const grant = { "Account No": "6050", Grant: "HHS-90FX0123-Y1--HHS Youth Mentoring Y1" };
    expect(await run(line("P1", "2024-09-30", 410, grant))).toEqual([]);
    expect(await run(line("P2", "2024-11-12", 410, grant))).toEqual(["grant_cost_outside_period"]);
    expect(await run(line("P3", "2023-09-29", 410, grant))).toEqual(["grant_cost_outside_period"]);
    // The month-end accrual reversed on the first of the next month: a credit, no cost.
    expect(await run(line("P4", "2024-10-01", -410, grant))).toEqual([]);
    // The grantor's payment received after the end credits the receivable: no cost.
    expect(await run(line("P5", "2024-11-12", -18400, { "Account No": "1210", Grant: grant.Grant }))).toEqual([]);
  });

  test("nothing is judged without configured grants", async () => {
    const bar = line("N1", "2026-05-14", 612.4, { "Account No": "7850", Grant: "HHS-90FX0123-Y1--HHS Youth Mentoring Y1" });
    const none = codes((await analyse(bar, { module: "compliance", config: modulesConfig() })).anomalies).filter((c) => c !== "self_approval");
    expect(none).toEqual([]);
  });
});

describe("releases from restriction", () => {
  test("a release posted and approved by users not authorised to release is reported; by finance, or approved by finance, it is not", async () => {
    const release = { "Account No": "4900", Fund: "200--With Donor Restrictions" };
    expect(await run(line("L1", "2024-06-12", 25000, release, { created_by: "tgarcia", approved_by: "tgarcia" }))).toEqual(["restriction_release_unauthorized"]);
    expect(await run(line("L2", "2024-06-30", 8120.55, release, { created_by: "dchen", approved_by: "dchen" }))).toEqual([]);
    expect(await run(line("L3", "2024-06-30", 8120.55, release, { created_by: "LWatts", approved_by: "DChen " }))).toEqual([]);
    expect(await run(line("L4", "2024-06-30", 8120.55, release, { created_by: "lwatts", approved_by: "" }))).toEqual(["restriction_release_unauthorized"]);
    // Another account, by anyone: not a release.
    expect(await run(line("L5", "2024-06-12", 25000, { "Account No": "4910" }, { created_by: "tgarcia", approved_by: "tgarcia" }))).toEqual([]);
  });
});
