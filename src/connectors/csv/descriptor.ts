// The `csv` connector type: invoice lines in a CSV file or a folder of them.
import { type ConnectorDescriptor, resolveFiles } from "../descriptor.ts";
import { CsvConnector } from "./connector.ts";

export const csvDescriptor: ConnectorDescriptor = {
  type: "csv",
  description: "CSV export of invoice lines",
  check(settings, ctx) {
    ctx.need("transactions", "the CSV file or folder of invoice lines");
    ctx.refuse("url");
    ctx.refuse("path");
    resolveFiles(settings, ctx.dir);
  },
  build: (settings, deps) => new CsvConnector(settings, deps.clock),
};
