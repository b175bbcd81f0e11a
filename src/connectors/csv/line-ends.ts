// Excel for Mac's "CSV (Macintosh)" (and classic Mac OS text) ends each line with a carriage
// return alone. A record ends at LF here (CRLF included), as RFC 4180's readers take it, so such a
// file read as one record: a header holding every row's fields, no data rows, and its connector
// healthy with no transactions at all (seventh attack pass). It is refused instead, saying why.

/** Why a file whose lines end with CR alone is refused (after its name). */
export const CR_ALONE =
  'its lines end with a carriage return alone (Excel for Mac\'s "CSV (Macintosh)"), so the whole file would read as one row; ' +
  'export it with LF or CRLF line ends (in Excel: "CSV UTF-8 (comma delimited)")';

/** Whether a file's start (its first lines, the header's included: file-index.ts fileStart) holds
 *  a carriage return and no line feed: lines that end with CR alone. */
export function crAloneIn(head: Uint8Array): boolean {
  return head.includes(0x0d) && !head.includes(0x0a);
}
