// What the monthly billing generators share (billing-telecom.ts, utility-billing.ts): day
// arithmetic on ISO days (YYYY-MM-DD, UTC), money rounded half away from zero, and the texts of a
// US billing system's CSV export (MM/DD/YYYY, "1,234.56" quoted, "," between columns, CRLF).
/** Rounded to the cent, half away from zero (a hair past float error). */
export const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
export const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
export const addMonths = (d: string, n: number) => { const t = new Date(d); t.setUTCMonth(t.getUTCMonth() + n); return t.toISOString().slice(0, 10); };
/** Days from `a` to `b`. */
export const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86400000);
/** MM/DD/YYYY, a US export's dates ("" for none). */
export const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");
/** MM/DD, as a bill line's text names a day. */
export const short = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}`;
/** Money as the export writes it: two decimals, thousands separated by "," ("" for none). */
export const num = (v: number | null) => (v === null ? "" : (v < 0 ? "-" : "") + Math.abs(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ","));
/** A quantity or rate as it is ("" for none). */
export const numberText = (v: number | null) => (v === null ? "" : String(v));
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** The file's text: the header, then the rows, cells quoted where they hold a comma, quote or newline. */
export const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
