// Which delimiter a CSV file uses, when csv.delimiter is not set. Exports disagree: a US system
// writes commas, Excel on a German or French Windows semicolons, the French FEC pipes or tabs,
// DATEV semicolons. Each usual delimiter is tried on the file's first records (quotes respected:
// a delimiter inside a quoted field splits nothing) and the one that splits them most
// consistently wins: the most records with the same number of fields (at least two). Consistency,
// not frequency: a FEC's amounts carry decimal commas ("1000,00"), so commas are frequent in its
// data rows, but its header has none and its records split on commas into as many fields as
// their amounts happen to have commas; on pipes every record has its 18. A tie goes to the record
// with more fields, then to the order below. A file that no candidate splits (one column) is read
// with commas, as before there was sniffing.

/** The delimiters tried, in the order a tie is broken. */
export const SNIFFED_DELIMITERS = [",", ";", "\t", "|"] as const;

/** What the connector reads with when csv.delimiter is not set and nothing splits the file. */
export const DEFAULT_DELIMITER = ",";

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** How many records of the file's start are compared (a report's title lines are a handful). */
const SNIFF_RECORDS = 50;

/**
 * The delimiter of the text in `bytes` (the file's first bytes; `whole`: all of it, so that the
 * last record is complete without a line break), or undefined when no usual delimiter splits it.
 */
export function sniffDelimiter(bytes: Uint8Array, whole: boolean): string | undefined {
  let best: { delimiter: string; share: number; fields: number } | undefined;
  for (const delimiter of SNIFFED_DELIMITERS) {
    const counts = fieldCounts(bytes, delimiter.charCodeAt(0), whole);
    if (counts.length === 0) return undefined;
    const fields = modalCount(counts);
    if (fields < 2) continue;
    const share = counts.filter((n) => n === fields).length / counts.length;
    if (!best || share > best.share || (share === best.share && fields > best.fields)) best = { delimiter, share, fields };
  }
  return best?.delimiter;
}

/** The most frequent number of fields of at least two (the larger on a tie), or 0 when every record has one. */
function modalCount(counts: readonly number[]): number {
  const frequency = new Map<number, number>();
  for (const n of counts) if (n >= 2) frequency.set(n, (frequency.get(n) ?? 0) + 1);
  let mode = 0;
  let most = 0;
  for (const [n, f] of frequency) {
    if (f > most || (f === most && n > mode)) {
      mode = n;
      most = f;
    }
  }
  return mode;
}

/**
 * The number of fields of each of the first records split on `delim`, as the reader splits them:
 * a field that starts with a quote runs to its closing quote ("" inside is a quote), line breaks
 * inside it included; a quote elsewhere is a character. Empty lines are no records; the last
 * record counts only when it is complete (a line break after it, or `whole`).
 */
function fieldCounts(bytes: Uint8Array, delim: number, whole: boolean): number[] {
  const counts: number[] = [];
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const n = bytes.length;
  while (i < n && counts.length < SNIFF_RECORDS) {
    let fields = 1;
    let empty = true;
    let complete = false;
    let atFieldStart = true;
    while (i < n) {
      const c = bytes[i]!;
      if (atFieldStart && c === QUOTE) {
        empty = false;
        i++;
        // The quoted field: to the quote that is not doubled.
        for (;;) {
          while (i < n && bytes[i] !== QUOTE) i++;
          if (i + 1 < n && bytes[i + 1] === QUOTE) {
            i += 2;
            continue;
          }
          break;
        }
        if (i >= n) break; // still open where the bytes end
        i++;
        atFieldStart = false;
        continue;
      }
      if (c === LF) {
        i++;
        complete = true;
        break;
      }
      if (c === delim) {
        fields++;
        atFieldStart = true;
      } else {
        if (c !== CR) empty = false;
        atFieldStart = false;
      }
      i++;
    }
    if (!complete && !(whole && i >= n)) break;
    if (!empty || fields > 1) counts.push(fields);
  }
  return counts;
}
