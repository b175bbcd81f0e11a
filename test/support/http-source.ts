// A plain invoice as an HTTP source's record (the connector's canonical layout), for the tests that
// serve a hostile or slow source of them (paging loops, scan deadlines, sparse pages).
export const sourceInvoice = (id: string, extra: Record<string, unknown> = {}) => ({
  transaction_id: id,
  type: "invoice",
  date: "2026-01-05",
  customer_id: "C1",
  currency: "EUR",
  amount: 100,
  ...extra,
  lines: [{ sku: "A", quantity: 1, unit_price: 100, list_price: 100 }],
});
