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
//
// A column may be the system's on some documents and the counterparties' on others: NetSuite's
// `Document Number` is each transaction's tranid — a journal's JE number, a customer invoice's,
// a payment's from the system's sequences — but a vendor bill's tranid is the vendor's own
// invoice number (its "Reference No."). Over the whole ledger the system's sequences outnumber the
// bills; so each account and side (history.ts ledgerSideOf: "2000 Accounts Payable CR") is judged
// too, alike, on its own first OBSERVED_SIDE_LINES lines, and where the ledger's judgement says
// the column is no counterparty's, a side judged theirs is read: the payable credited by the bills.
// Copies are compared within one account and side (numbered-copy.ts), so what one side carries is
// never read against another's. Only the first MAX_SIDES sides are judged (a chart of thousands of
// accounts: their numbers are kept while judged).

/** Lines (naming a counterparty and a document number) the judgement is made on. */
const OBSERVED_LINES = 5_000;
/** Lines of one account and side its own judgement is made on. */
const OBSERVED_SIDE_LINES = 500;
/** Account sides judged at most. */
const MAX_SIDES = 64;
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

/** What a judge decided: whether the ledger's column is the counterparties', and the account sides judged theirs (LedgerParts). */
export interface DocumentColumnVerdict {
  ledger: boolean;
  sides: readonly string[];
}

/** The observed shapes of one population of lines (the ledger's, or one account side's) and, once judged, whether its numbers are the counterparties'. */
class ShapeJudge {
  private lines = 0;
  private shapes: Map<string, Map<string, number>> | undefined = new Map();
  private verdict: boolean | undefined;

  constructor(private readonly observed: number) {}

  /** A judge already decided. */
  static decided(reads: boolean): ShapeJudge {
    const j = new ShapeJudge(0);
    j.settle(reads);
    return j;
  }

  get observing(): boolean {
    return this.verdict === undefined;
  }

  /** A line naming `customer` with a number of shape `shape` (numberShape). */
  observe(shape: string, customer: string) {
    if (this.verdict !== undefined) return;
    const shapes = this.shapes!;
    let counts = shapes.get(shape);
    if (counts === undefined) {
      if (shapes.size >= MAX_SHAPES) return this.settle(false);
      shapes.set(shape, (counts = new Map()));
    }
    counts.set(customer, (counts.get(customer) ?? 0) + 1);
    if (++this.lines >= this.observed) this.settle(this.judge());
  }

  /** The verdict: judged on what was observed when fewer lines than `observed` came. */
  reads(): boolean {
    if (this.verdict === undefined) this.settle(this.judge());
    return this.verdict!;
  }

  settle(reads: boolean) {
    this.verdict = reads;
    this.shapes = undefined;
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
}

/** Whether the ledger's document column holds counterparties' numbers, over the whole ledger and per account side. */
export class DocumentColumnJudge {
  private ledger = new ShapeJudge(OBSERVED_LINES);
  private readonly sides = new Map<string, ShapeJudge>();
  /** No new side is judged: a named column, or a decided judge. */
  private sidesClosed = false;
  /** readsAnywhere's answer, once asked. */
  private anywhere: boolean | undefined;

  /** A judge already decided (HistoryStats.fromLedgerParts). */
  static decided(verdict: DocumentColumnVerdict): DocumentColumnJudge {
    const j = new DocumentColumnJudge();
    j.ledger = ShapeJudge.decided(verdict.ledger);
    for (const side of verdict.sides) j.sides.set(side, ShapeJudge.decided(true));
    j.sidesClosed = true;
    return j;
  }

  /** Whether a line of account side `side` ("" without an account) is still observed or read: its document number is kept. */
  keeps(side: string): boolean {
    if (this.ledger.observing || this.ledger.reads()) return true;
    if (side === "") return false;
    const judge = this.sides.get(side);
    return judge === undefined ? !this.sidesClosed && this.sides.size < MAX_SIDES : judge.observing || judge.reads();
  }

  /** A line whose counterparty names the number itself, in a column of its own: the document column is not theirs. */
  namedNumber() {
    if (this.ledger.observing) this.ledger.settle(false);
    if (this.sidesClosed) return;
    for (const judge of this.sides.values()) if (judge.observing) judge.settle(false);
    this.sidesClosed = true;
  }

  /** A line naming counterparty `customer` with document number `raw`, of account side `side` ("" without an account). */
  observe(raw: string, customer: string, side = "") {
    const shape = numberShape(raw);
    this.ledger.observe(shape, customer);
    if (side === "") return;
    let judge = this.sides.get(side);
    if (judge === undefined) {
      if (this.sidesClosed || this.sides.size >= MAX_SIDES) return;
      this.sides.set(side, (judge = new ShapeJudge(OBSERVED_SIDE_LINES)));
    }
    judge.observe(shape, customer);
  }

  /** Whether the column holds the counterparties' numbers: over the ledger, or (`side` given) on that account side. */
  reads(side = ""): boolean {
    if (this.ledger.reads()) return true;
    return side !== "" && this.sides.get(side)?.reads() === true;
  }

  /** Whether the column is read over the ledger or on some side: asked once the ledger is built (a
   *  document's side is then looked up only where some side is read), remembered. */
  readsAnywhere(): boolean {
    return (this.anywhere ??= this.ledger.reads() || this.verdict().sides.length > 0);
  }

  /** The verdict, every side judged (LedgerParts). */
  verdict(): DocumentColumnVerdict {
    const ledger = this.ledger.reads();
    return { ledger, sides: ledger ? [] : [...this.sides].filter(([, j]) => j.reads()).map(([side]) => side) };
  }
}
