// The `csv` connector type: invoice lines in a CSV file or a folder of them.
import { type ConnectorDescriptor, resolveFiles } from "../descriptor.ts";
import { CsvConnector } from "./connector.ts";

export const csvDescriptor: ConnectorDescriptor = {
  type: "csv",
  description: "CSV export of invoice lines",
  needs: { transactions: "the CSV file or folder of invoice lines" },
  refuses: ["url", "path"],
  check: (settings, ctx) => resolveFiles(settings, ctx.dir),
  build: (settings, deps) => new CsvConnector(settings, deps.clock),
};
