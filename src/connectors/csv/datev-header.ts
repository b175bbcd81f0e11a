// DATEV's export format (EXTF, "DATEV-Format"): line 1 of every file is a metadata header —
// `"EXTF";700;21;"Buchungsstapel";13;<erzeugt am>;…;<Beraternummer>;<Mandantennummer>;
// <Wirtschaftsjahr-Beginn>;<Sachkontenlänge>;<Datum vom>;<Datum bis>;…` — and line 2 the column
// names. The bookings' Belegdatum is written DDMM without a year: the header's period gives it.
// Recognising the line lets a DATEV folder be read with the column header where it is, every
// Belegdatum in its own file's year (one file a month or a year, several years in one folder),
// and each booking with the moment its batch was created as its entry date.
import { dateFormat, type DateFormat, isoDateFormat } from "../values.ts";

/** What a file's DATEV header line says about its rows. */
export interface DatevHeader {
  /** The first day of the file's period (Datum vom, else the fiscal year's start), YYYY-MM-DD. */
  periodStart: string;
  /**
   * When the batch was created ("erzeugt am", YYYYMMDDHHMMSSFFF), as YYYY-MM-DDTHH:mm:ssZ: the
   * latest its bookings can have been keyed, and the only trace of it in the export — a batch for
   * a month already exported, created months later, holds entries into a closed month.
   */
  createdAt?: string;
}

/** The first field of a DATEV export's header line: EXTF (exported by other software), DTVF (by DATEV itself). */
const MARKERS = new Set(["EXTF", "DTVF"]);

/** Fields of the header line (from 0) holding the dates: Wirtschaftsjahr-Beginn, Datum vom. */
const FISCAL_YEAR_START = 12;
const PERIOD_FROM = 14;
/** Field 6, "erzeugt am". */
const CREATED_AT = 5;

/** A YYYYMMDD field as YYYY-MM-DD, or undefined when it is not one. */
function basicDate(field: string | undefined): string | undefined {
  const s = field?.trim() ?? "";
  if (!/^\d{8}$/.test(s)) return undefined;
  const month = +s.slice(4, 6), day = +s.slice(6, 8);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** The header line's meaning when `fields` (line 1, split on the connector's delimiter) is a DATEV one; else undefined. */
export function datevHeaderOf(fields: readonly string[] | undefined): DatevHeader | undefined {
  if (!fields || !MARKERS.has(fields[0]?.trim() ?? "")) return undefined;
  const periodStart = basicDate(fields[PERIOD_FROM]) ?? basicDate(fields[FISCAL_YEAR_START]);
  if (periodStart === undefined) return undefined;
  const createdAt = creationMoment(fields[CREATED_AT]);
  return createdAt === undefined ? { periodStart } : { periodStart, createdAt };
}

/** "erzeugt am" (YYYYMMDDHHMMSS and milliseconds) as a UTC moment; undefined when it is not one. */
function creationMoment(field: string | undefined): string | undefined {
  const s = field?.trim() ?? "";
  const day = basicDate(s.slice(0, 8));
  if (day === undefined || !/^\d{14}/.test(s)) return undefined;
  const h = +s.slice(8, 10), m = +s.slice(10, 12), sec = +s.slice(12, 14);
  if (h > 23 || m > 59 || sec > 59) return undefined;
  return `${day}T${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}Z`;
}

/**
 * How a DATEV file's dates read when the connector keeps the default `date_format: iso`: as the
 * format writes them — the Belegdatum DDMM (or DMM, written as a number) in the period of the
 * header line, the other date columns (Leistungsdatum, Fälligkeit…) DDMMYYYY — and an ISO date as ISO.
 */
export function datevDates(header: DatevHeader): DateFormat {
  const dayMonth = dateFormat("DDMM").fromPeriodStart!(header.periodStart);
  const full = dateFormat("DDMMYYYY");
  return {
    parse(s) {
      if (/^\d{3,4}$/.test(s)) return dayMonth.parse(s);
      if (/^\d{8}$/.test(s)) return full.parse(s);
      return isoDateFormat.parse(s);
    },
  };
}
