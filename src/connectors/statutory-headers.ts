// Ledger exports whose columns a law fixes, recognised by their header so that their standard
// columns are read as the canonical fields a user would otherwise map one by one. The French FEC
// (Fichier des Écritures Comptables, article A47 A-1 of the Livre des procédures fiscales) has
// 18 columns named the same by every accounting package: JournalCode, JournalLib, EcritureNum,
// EcritureDate, CompteNum, CompteLib, CompAuxNum, CompAuxLib, PieceRef, PieceDate, EcritureLib,
// Debit, Credit, EcritureLet, DateLet, ValidDate, Montantdevise, Idevise. DATEV's Buchungsstapel
// (EXTF format) names its ~120 columns the same in every export: "Umsatz (ohne Soll/Haben-Kz)",
// "Soll/Haben-Kennzeichen", "Konto", "Gegenkonto (ohne BU-Schlüssel)", "BU-Schlüssel",
// "Belegdatum", "Belegfeld 1", "Buchungstext"…. No law fixes QuickBooks Online's report columns,
// but every QBO transaction report (Journal, General Ledger, Transaction Detail by Account) names
// them the same: Date, Transaction Type, Num, Name, Memo/Description, Account, Split, Debit/Credit
// or Amount.

import { looseNamesOf } from "./column-names.ts";

/** The FEC's columns that say a header is one (case and punctuation aside: column-names.ts, as columnIndex compares). */
const FEC_SIGNATURE = ["journalcode", "ecriturenum", "ecrituredate", "comptenum", "debit", "credit"];

/**
 * What the FEC's columns mean: the entry's date (EcritureDate), its validation date — when it was
 * made final, the FEC's only trace of when an entry was entered (ValidDate) —, the supplier's or
 * customer's own account (CompAuxNum, beside the collective 401/411 CompteNum) and the document
 * it records (PieceRef). Debit and Credit carry their canonical names already.
 */
const FEC_FIELDS: Readonly<Record<string, string>> = {
  date: "EcritureDate",
  entered_at: "ValidDate",
  customer_id: "CompAuxNum",
  reference: "PieceRef",
};

/** DATEV's columns that say a header is a Buchungsstapel. */
const DATEV_SIGNATURE = ["umsatzohnesollhabenkz", "sollhabenkennzeichen", "konto", "gegenkontoohnebuschlüssel", "belegdatum"];

/**
 * What DATEV's columns mean: the unsigned amount and the side it is on — the side of `Konto`, the
 * Gegenkonto takes the other —, the document's date and its number. The counterparty is left to
 * the mapping: a Kreditor or Debitor is `Konto` or `Gegenkonto` depending on how the bookings
 * were keyed.
 */
const DATEV_FIELDS: Readonly<Record<string, string>> = {
  amount: "Umsatz (ohne Soll/Haben-Kz)",
  debit_credit: "Soll/Haben-Kennzeichen",
  date: "Belegdatum",
  reference: "Belegfeld 1",
};

/** QuickBooks Online's columns that say a header is one of its transaction reports. */
const QBO_SIGNATURE = ["date", "transactiontype", "num", "name", "split"];

/**
 * What QBO's columns mean: `Num` is the transaction's document number as keyed (the invoice,
 * bill, check or journal entry number, the same on each of its split lines; blank where the
 * transaction has none, as a card charge or a bank transfer), the field FEC's PieceRef and DATEV's
 * Belegfeld 1 are read as. `Name` stays the mapping's choice: it is the customer on an invoice and
 * the vendor on a bill, and empty on a journal entry.
 */
const QBO_FIELDS: Readonly<Record<string, string>> = {
  reference: "Num",
};

/** The columns of a recognised export (FEC, DATEV, QuickBooks Online) that unmapped canonical fields are read from; undefined for any other header. */
export function statutoryColumns(header: readonly string[]): Readonly<Record<string, string>> | undefined {
  const names = new Set(looseNamesOf(header));
  if (FEC_SIGNATURE.every((c) => names.has(c))) return FEC_FIELDS;
  if (DATEV_SIGNATURE.every((c) => names.has(c))) return DATEV_FIELDS;
  if (QBO_SIGNATURE.every((c) => names.has(c))) return QBO_FIELDS;
  return undefined;
}
