// Whether a ledger's document column (`Document`, `Doc No`, `Voucher No`: profile.ts
// isDocumentColumn) carries the counterparty's own numbers. Sage Intacct's GL detail writes a
// bill's vendor invoice number in `Document` (and a payment's check number, a deposit's slip);
// SAP's BELNR, Business Central's Document No., NetSuite's Document Number are the system's own
// sequence. Where no column names the vendor's number (counterparty-numbers.ts), the document
// column is then the only place a bill keyed twice shows it — but only if the numbers are the
// vendors': a system number differs between two copies of one bill, and read as the vendor's it
// would call every copy "another of the vendor's numbers".
//
// What tells them apart is the numbers' shape (each digit read as 9: "INV-1001" is "INV-9999",
// "5100000123" is "9999999999"). A system numbers every counterparty's documents from one
// sequence of one or a few shapes (a prefix per document type), each shared by many
// counterparties; each vendor numbers its invoices its own way ("GBFB-20114", "1KR7-43100",
// "MP8801"), so many shapes are one counterparty's alone. The judgement is made on the first
// OBSERVED_LINES ledger lines naming both a counterparty and a document number: the share of
// those lines whose shape is (nearly) one counterparty's, at least OWNED_SHARE, by at least
// OWNERS counterparties. The first lines are enough: a system's numbering does not change
// within a ledger, and the decision is then the same for a sequential scan and for a parallel
// one's merge (both see the lines in source order). A ledger with a named counterparty-number
// column anywhere keeps reading that one only.

/** Lines (naming a counterparty and a document number) the judgement is made on. */
const OBSERVED_LINES = 5_000;
/** The share of those lines whose shape is one counterparty's that makes the column theirs. */
const OWNED_SHARE = 0.2;
/** How many counterparties must each own a shape. */
const OWNERS = 3;
/** A shape is a counterparty's when this share of its lines names it. */
const OWN = 0.9;
/** Shapes tracked at most (a column of free text has as many shapes as values: no numbering). */
const MAX_SHAPES = 2_000;

/** A number's shape: upper case, each digit a 9 ("INV-1001" → "INV-9999"). */
export function numberShape(raw: string): string {
  return raw.toUpperCase().replace(/\d/g, "9");
}

/** The observed shapes and, once judged, whether the ledger's document column holds counterparties' numbers. */
export class DocumentColumnJudge {
  private lines = 0;
  private shapes: Map<string, Map<string, number>> | undefined = new Map();
  private verdict: boolean | undefined;

  /** A judge already decided (HistoryStats.fromLedgerParts). */
  static decided(reads: boolean): DocumentColumnJudge {
    const j = new DocumentColumnJudge();
    j.settle(reads);
    return j;
  }

  /** Whether lines are still observed: their document numbers are kept until the verdict. */
  get observing(): boolean {
    return this.verdict === undefined;
  }

  /** A line whose counterparty names the number itself, in a column of its own: the document column is not theirs. */
  namedNumber() {
    if (this.verdict === undefined) this.settle(false);
  }

  /** A line naming counterparty `customer` with document number `raw`. */
  observe(raw: string, customer: string) {
    if (this.verdict !== undefined) return;
    const shapes = this.shapes!;
    const shape = numberShape(raw);
    let counts = shapes.get(shape);
    if (counts === undefined) {
      if (shapes.size >= MAX_SHAPES) return this.settle(false);
      shapes.set(shape, (counts = new Map()));
    }
    counts.set(customer, (counts.get(customer) ?? 0) + 1);
    if (++this.lines >= OBSERVED_LINES) this.settle(this.judge());
  }

  /** The verdict: judged on what was observed when the ledger had fewer lines than OBSERVED_LINES. */
  reads(): boolean {
    if (this.verdict === undefined) this.settle(this.judge());
    return this.verdict!;
  }

  private judge(): boolean {
    if (this.lines === 0) return false;
    let owned = 0;
    const owners = new Set<string>();
    for (const counts of this.shapes!.values()) {
      let total = 0;
      let top = 0;
      let owner = "";
      for (const [customer, n] of counts) {
        total += n;
        if (n > top) [top, owner] = [n, customer];
      }
      if (top >= OWN * total) {
        owned += total;
        owners.add(owner);
      }
    }
    return owners.size >= OWNERS && owned >= OWNED_SHARE * this.lines;
  }

  private settle(reads: boolean) {
    this.verdict = reads;
    this.shapes = undefined;
  }
}
