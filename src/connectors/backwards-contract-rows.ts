import type { Contract } from "../domain/transaction.ts";

/**
 * Contract rows whose `valid_to` is before their `valid_from` (a typo's dates: 1 May to 15
 * April). Such a row is in force on no day, so it prices no invoice while the user believes it
 * does, and a recurring charge's chain of rows can run through it. The row is still kept as read
 * (what the detectors make of it does not change); the connector's mapping report says so once
 * per table read, as it does for a column the table lacks. Days are compared, as the detectors
 * read them (a later hour on the same day is a one-day row).
 */
export class BackwardsContractRows {
  private count = 0;
  private first: { row: number; from: string; to: string } | undefined;

  /** Looks at the contracts table's `row` (1-based, as a rejected row is numbered). */
  note(row: number, contract: Contract) {
    const { valid_from: from, valid_to: to } = contract;
    if (from === undefined || to === undefined || to.slice(0, 10) >= from.slice(0, 10)) return;
    this.count++;
    this.first ??= { row, from, to };
  }

  /** The warning for the table's read, or undefined when every row runs forward. */
  warning(): string | undefined {
    const first = this.first;
    if (first === undefined) return undefined;
    const dates = `row ${first.row}, valid_from ${first.from}, valid_to ${first.to}`;
    return this.count === 1
      ? `reference table contracts: 1 row ends before it starts (${dates}), so it is in force on no day and prices no invoice; check its dates`
      : `reference table contracts: ${this.count} rows end before they start (the first: ${dates}), so they are in force on no day and price no invoice; check their dates`;
  }
}
