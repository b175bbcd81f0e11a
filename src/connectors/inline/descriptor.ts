// The `inline` connector type: no transaction source (each transaction arrives whole in the
// analyze request), optionally CSV reference tables as context.
import { type ConnectorDescriptor, resolveFiles } from "../descriptor.ts";
import { InlineConnector } from "./connector.ts";

export const inlineDescriptor: ConnectorDescriptor = {
  type: "inline",
  description: "Transactions sent whole in the analyze request",
  needs: {},
  refuses: ["transactions", "url", "path"],
  check: (settings, ctx) => resolveFiles(settings, ctx),
  build: (settings, deps) => new InlineConnector(settings, deps.clock),
  // Callers send each line with its list price and discount, checked against the policy.
  alwaysOffers: ["revenue_leakage"],
};
