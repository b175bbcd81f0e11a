// JSON output: {object:"report_content", …meta, detail:{id,title,columns}, "<detail id>": [rows…],
// summary, tables}. The
// detail rows are written as they arrive; summary and tables follow once they are known
// (object member order carries no meaning in JSON).
import type { Renderer, ReportMeta, ReportOutcome, TableHead, TextSink } from "./types.ts";

export class JsonRenderer implements Renderer {
  readonly contentType = "application/json; charset=utf-8";
  readonly extension = "json";
  private rows = 0;
  private inDetail = false;

  constructor(private readonly out: TextSink) {}

  async begin(meta: ReportMeta) {
    const m = JSON.stringify({ object: "report_content", ...meta });
    await this.out.write(m.slice(0, -1));
  }

  async detailBegin(head: TableHead) {
    this.inDetail = true;
    await this.out.write(`,"detail":${JSON.stringify(head)},${JSON.stringify(head.id)}:[`);
  }

  async detailRow(row: Record<string, unknown>) {
    await this.out.write(`${this.rows++ === 0 ? "\n" : ",\n"}${JSON.stringify(row)}`);
  }

  async finish(outcome: ReportOutcome) {
    if (this.inDetail) await this.out.write("\n]");
    const narrative = outcome.narrative ? `,"narrative":${JSON.stringify(outcome.narrative)}` : "";
    await this.out.write(`${narrative},"summary":${JSON.stringify(outcome.summary)},"tables":${JSON.stringify(outcome.tables)}}\n`);
  }
}
