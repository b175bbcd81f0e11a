// Excel for Mac's "CSV (Macintosh)" (and classic Mac OS text) ends each line with a carriage
// return alone. A record ends at LF here (CRLF included), as RFC 4180's readers take it, so such a
// file read as one record: a header holding every row's fields, no data rows, and its connector
// healthy with no transactions at all (seventh attack pass). It is refused instead, saying why.

/** What is looked at: an export's first lines, the header's included, fit in it. */
const SAMPLE_BYTES = 64 * 1024;

/** Why a file whose lines end with CR alone is refused (after its name). */
export const CR_ALONE =
  'its lines end with a carriage return alone (Excel for Mac\'s "CSV (Macintosh)"), so the whole file would read as one row; ' +
  'export it with LF or CRLF line ends (in Excel: "CSV UTF-8 (comma delimited)")';

/** Whether the file's start holds a carriage return and no line feed: lines that end with CR alone. */
export async function endsLinesWithCrAlone(path: string): Promise<boolean> {
  return crAloneIn(new Uint8Array(await Bun.file(path).slice(0, SAMPLE_BYTES).arrayBuffer()));
}

/** The same of a file's first bytes already read (at least its first lines). */
export function crAloneIn(head: Uint8Array): boolean {
  return head.includes(0x0d) && !head.includes(0x0a);
}
