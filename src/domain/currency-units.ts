// The smallest unit a currency's amounts are written in (ISO 4217 minor units): a cent for most,
// one whole unit for the yen, the won and the other currencies without decimals. Rounding
// tolerances are in cents; an invoice in yen rounds (or, as Japan's invoices may, truncates) its
// tax to a whole yen, so up to a yen short is rounding there, not under-charging.

/** ISO 4217 currencies with no minor unit (exponent 0). */
const WHOLE_UNIT = new Set(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"]);

/** The currency's smallest unit: 1 for a currency without decimals, else 0.01 (a currency of three
 *  decimals is judged to the cent like the rest: no tolerance becomes tighter). */
export function minorUnit(currency: string | undefined): number {
  return currency !== undefined && WHOLE_UNIT.has(currency.toUpperCase()) ? 1 : 0.01;
}

/** How many cents the currency's smallest unit is: the factor that scales a tolerance written in cents. */
export function centsPerMinorUnit(currency: string | undefined): number {
  return minorUnit(currency) / 0.01;
}
