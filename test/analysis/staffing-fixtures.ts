// A staffing assignment's bill rates, shared by the week-ending and retro-adjustment tests: the
// regular rate 27.38 until Sunday 29 March 2026, 29.57 from Monday 30 March (a merit raise), and
// the agency's configuration (no discount is ever agreed on a bill rate).
import { modulesConfig } from "../support/engine.ts";

export const assignmentRates = {
  price_list: [],
  contracts: [
    { contract_id: "A510891", customer_id: "C10376", sku: "REG", price: 27.38, currency: "USD", unit: "HRS", valid_from: "2026-01-26", valid_to: "2026-03-29" },
    { contract_id: "A510891", customer_id: "C10376", sku: "REG", price: 29.57, currency: "USD", unit: "HRS", valid_from: "2026-03-30", valid_to: "2026-06-19" },
  ],
};

export const staffingConfig = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
