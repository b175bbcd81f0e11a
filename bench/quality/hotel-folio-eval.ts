// The twenty-ninth independent data set's evaluation (docs/quality.md): a hotel group's folio
// postings (bench/quality/hotel-folio.ts) configured as the group's revenue auditor would from
// docs/connectors.md and docs/analysis.md, served and scanned over signed HTTP (billing-report.ts).
// Run: bun run bench/quality/hotel-folio-eval.ts [--seed 2901] [--port 46110] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeHotel } from "./hotel-folio.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2901, port: 46110, out: (s) => `/tmp/hotel-folio-eval-${s}` });
const sizes = writeHotel(seed, join(dir, "export"));

// Each night is counted per folio by the postings' codes (the line's sku is the transaction code,
// the rate code, the hotel and the room type joined: 1000-BAR-AUSDT-KING, 7020-AUSDT-KING).
const count = (prefix: string, positive = false) => `txn.lines.filter(l, l.sku.startsWith("${prefix}")${positive ? " && l.amount > 0" : ""}).size()`;
/** An attribute's text, "" where the row left it empty (an empty column is no attribute). */
const attr = (name: string) => `("${name}" in txn.attributes ? string(txn.attributes["${name}"]) : "")`;
// A stay's folio: it posts room charges (the folio type is read as the document's type, so a
// guest's, a company's and a group master's folio are told by what they post).
const isStay = `txn.type == "invoice" && ${count("1000-")} > 0`;
const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a rate code is a price: a lower rate needs an approved override
    # Rate overrides: a front office manager approves up to 20 % off the rate code, a general manager any.
    approver_max_discount_pct: { ${["AUSDT", "MIABH", "NYCMT", "PARCE"].map((p) => `FOM_${p}: 20, GM_${p}: 100`).join(", ")} }
connectors:
  - id: hotel
    type: csv
    name: PMS folio postings
    transactions: ./export/folio_postings.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/rate_calendar.csv
      contracts: ./export/ref/rate_codes.csv
      shipments: ./export/ref/room_nights.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { GUEST: invoice, DIRECT BILL: invoice, MASTER: invoice, NO SHOW: invoice, CANCELLATION: invoice, CREDIT BILL: credit_note }
    mapping:
      transaction_id: BILL_NO
      type: FOLIO_TYPE
      date: BILL_DATE
      customer_id: PAYEE_ID
      contract_id: RATE_CODE
      reference: ASSOCIATED_BILL_NO
      created_by: CASHIER_ID
      approved_by: APPROVED_BY
      currency: CURRENCY
      amount: NET_AMOUNT
      tax_amount: TAX_AMOUNT
      sku: [TRX_CODE, LINE_RATE_CODE, RESORT, ROOM_TYPE]
      line_description: TRX_DESC
      line_date: TRX_DATE               # the night audit posts each night on its business date; the folio is billed at check-out
      quantity: QUANTITY
      unit_price: PRICE_PER_UNIT
      line_amount: TRX_AMOUNT
      line_attributes: [REFERENCE, USER_ID] # the POS check (or the room) each posting names, and who posted it
    reference_mapping:
      price_list: { sku: [TRX_CODE, RATE_CODE, RESORT, ROOM_TYPE], list_price: AMOUNT, currency: CURRENCY, valid_from: STAY_DATE }
      contracts: { contract_id: RATE_CODE, customer_id: RESORT, sku: [TRX_CODE, RATE_CODE, RESORT, ROOM_TYPE], price: AMOUNT, currency: CURRENCY, valid_from: BEGIN_DATE, valid_to: END_DATE }
      shipments: { shipment_id: ROOM_NIGHT_ID, transaction_id: BILL_NO, sku: [TRX_CODE, RATE_CODE, RESORT, ROOM_TYPE], quantity: ROOM_NIGHTS, date: STAY_DATE }
rules:
  # What the rate codes cannot say, as the group's revenue auditor writes it (docs/analysis.md,
  # "Custom rules"). Every room-night posts its occupancy tax: Austin's city tax (but not past the
  # 30th night: a permanent resident), Miami Beach's resort tax on the room and the resort fee
  # (not for a federal traveller with a certificate), New York's 2.00 occupancy fee, Paris's taxe
  # de sejour; a complimentary room (0.00) posts none.
  - id: room_night_without_city_tax
    module: revenue_leakage
    when: '${isStay} && (
      (${attr("RESORT")} == "AUSDT" && ${attr("NIGHTS")} != "" && double(${attr("NIGHTS")}) <= 30.0 && ${count("1000-", true)} > ${count("7020-")}) ||
      (${attr("RESORT")} == "MIABH" && ${attr("TAX_EXEMPT_NO")} == "" && ${count("1000-", true)} + ${count("4100-")} > ${count("7120-")}) ||
      (${attr("RESORT")} == "NYCMT" && ${count("1000-", true)} > ${count("7230-")}) ||
      (${attr("RESORT")} == "PARCE" && ${count("1000-", true)} > ${count("7310-")}))'
    severity: high
    message: 'a room-night posted without its city/occupancy tax'
  # Miami Beach's resort fee is posted every night unless the guest is Platinum or the rate code waives it.
  - id: resort_fee_not_posted
    module: revenue_leakage
    when: '${isStay} && ${attr("RESORT")} == "MIABH" && ${attr("MEMBERSHIP_LEVEL")} != "PLATINUM" && !(txn.contract_id in ["COMP", "GOV", "LSR30"]) && ${count("1000-", true)} > ${count("4100-")}'
    severity: high
    message: 'room-nights posted without the resort fee'
  # A no-show fee taken back needs a manager's approval.
  - id: no_show_fee_adjusted_without_approval
    module: revenue_leakage
    when: 'txn.approved_by == "" && txn.lines.exists(l, l.sku.startsWith("1070-") || l.sku.startsWith("1080-")) && txn.lines.exists(l, l.sku.startsWith("9700"))'
    severity: high
    message: 'a no-show or cancellation fee adjusted off with no approval'
  # Allowances beyond a supervisor's limit (150) need a manager's approval on the folio.
  - id: allowance_beyond_limit_unapproved
    module: revenue_leakage
    when: 'txn.type == "invoice" && txn.approved_by == "" && txn.lines.exists(l, (l.sku.startsWith("9100") || l.sku.startsWith("9200")) && l.amount < -150.0)'
    severity: high
    message: 'an allowance beyond the supervisor limit with no approver'
  # An outlet's check (restaurant 2000, bar 2100, room service 2200: the POS interface's
  # postings) is posted to a folio once; the same check twice on one day is a double posting.
  - id: pos_check_posted_twice
    module: revenue_leakage
    when: 'txn.lines.exists(a, (a.sku.startsWith("2000") || a.sku.startsWith("2100") || a.sku.startsWith("2200")) && "REFERENCE" in a.attributes && a.amount > 0.0 && txn.lines.filter(b, b.sku == a.sku && "REFERENCE" in b.attributes && b.attributes.REFERENCE == a.attributes.REFERENCE && b.date == a.date && b.amount == a.amount).size() > 1)'
    severity: high
    message: 'a POS check posted twice on the folio'
  # A front-desk agent (FD_, ref/allowance_authority.csv) may post allowances up to 50 alone.
  - id: agent_allowance_beyond_limit_unapproved
    module: revenue_leakage
    when: 'txn.type == "invoice" && txn.approved_by == "" && txn.lines.exists(l, (l.sku.startsWith("9100") || l.sku.startsWith("9200")) && l.amount < -50.0 && "USER_ID" in l.attributes && string(l.attributes.USER_ID).startsWith("FD_"))'
    severity: high
    message: 'an allowance beyond the front-desk agent limit with no approver'
  # A guest's or company's folio posts one room charge a night.
  - id: more_room_charges_than_nights
    module: revenue_leakage
    when: '${isStay} && ${attr("NIGHTS")} != "" && double(${count("1000-")}) > double(${attr("NIGHTS")})'
    severity: high
    message: 'more room charges than nights on the folio'
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Hotel revenue audit" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "hotel", labels, leakKinds: LEAK_KINDS, title: `hotel folio billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
