// The `csv` connector type: invoice lines in a CSV file or a folder of them.
import { type ConnectorDescriptor, resolveFiles } from "../descriptor.ts";
import type { CsvConnector } from "./connector.ts";

// The connector's code is loaded when a connector of this type is configured, not at every start
// (the cold start, docs/benchmarks.md).
const csvConnector = (): typeof CsvConnector => (require("./connector.ts") as typeof import("./connector.ts")).CsvConnector;

export const csvDescriptor: ConnectorDescriptor = {
  type: "csv",
  description: "CSV export of invoice lines",
  needs: { transactions: "the CSV file or folder of invoice lines" },
  refuses: ["url", "path"],
  check: (settings, ctx) => resolveFiles(settings, ctx),
  build: (settings, deps) => new (csvConnector())(settings, deps.clock),
};
