// GENERATED from src/config/schema.ts by src/config/generate-validation.ts — do not edit; run
// `make config-validation` after changing the schema (test/config/validation.test.ts fails while
// this file is stale). Value.Default and Value.Check of the config schema, written out (why: the
// generator's header).
// @ts-nocheck
/* eslint-disable */

const isObject = (value: unknown): value is Record<string, any> => value !== null && typeof value === "object";

/** Value.Default(ConfigSchema, value): fills `value` in place where TypeBox would, and returns the result. */
export function configDefaults(value: unknown): unknown {
  return d77(value);
}

/** server */
function d0(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["host"] === undefined) o["host"] = "127.0.0.1";
  if (o["port"] === undefined) o["port"] = 8080;
  if (o["max_body_bytes"] === undefined) o["max_body_bytes"] = 1048576;
  if (o["shutdown_grace_s"] === undefined) o["shutdown_grace_s"] = 10;
  if (o["shutdown_notice_s"] === undefined) o["shutdown_notice_s"] = 1;
  if (o["access_log"] === undefined) o["access_log"] = true;
  if (o["trust_proxy"] === undefined) o["trust_proxy"] = false;
  return o;
}

/** storage */
function d1(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["driver"] === undefined) o["driver"] = "sqlite";
  if (o["path"] === undefined) o["path"] = "./data/assay.db";
  if (o["synchronous"] === undefined) o["synchronous"] = "FULL";
  if (o["busy_timeout_ms"] === undefined) o["busy_timeout_ms"] = 5000;
  if (o["startup_check"] === undefined) o["startup_check"] = "quick";
  if (o["pool"] === undefined) o["pool"] = 10;
  if (o["analyses_retention_days"] === undefined) o["analyses_retention_days"] = 400;
  return o;
}

/** rate_limit */
function d2(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["backend"] === undefined) o["backend"] = "memory";
  if (o["on_unavailable"] === undefined) o["on_unavailable"] = "local";
  if (o["key_prefix"] === undefined) o["key_prefix"] = "assay:rl:";
  if (o["timeout_ms"] === undefined) o["timeout_ms"] = 500;
  if (o["concurrent_scans_per_account"] === undefined) o["concurrent_scans_per_account"] = 4;
  return o;
}

/** security.signature */
function d3(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["timestamp"] === undefined) o["timestamp"] = "optional";
  if (o["tolerance_s"] === undefined) o["tolerance_s"] = 300;
  if (o["scope"] === undefined) o["scope"] = "body";
  return o;
}

/** security.failed_auth */
function d4(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["per_minute"] === undefined) o["per_minute"] = 60;
  if (o["per_second"] === undefined) o["per_second"] = 10;
  return o;
}

/** security */
function d5(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["master_key_file"] === undefined) o["master_key_file"] = "./data/master.key";
  { const v = o["signature"]; const r = d3(v); if (r !== undefined) o["signature"] = isObject(v) ? d3(v) : r; }
  { const v = o["failed_auth"]; const r = d4(v); if (r !== undefined) o["failed_auth"] = isObject(v) ? d4(v) : r; }
  return o;
}

/** plans */
function d6(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  return o;
}

/** idempotency */
function d7(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["retention_h"] === undefined) o["retention_h"] = 24;
  if (o["lease_s"] === undefined) o["lease_s"] = 300;
  return o;
}

/** alerts.webhooks[].events */
function d8(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["*"] : isObject(value) ? Object.assign(["*"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** alerts.webhooks[].allow_hosts */
function d9(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** alerts.webhooks[] */
function d10(value: any): any {
  const o = value;
  if (!isObject(o)) return o;
  { const v = o["events"]; const r = d8(v); if (r !== undefined) o["events"] = isObject(v) ? d8(v) : r; }
  if (o["timeout_ms"] === undefined) o["timeout_ms"] = 10000;
  { const v = o["allow_hosts"]; const r = d9(v); if (r !== undefined) o["allow_hosts"] = isObject(v) ? d9(v) : r; }
  return o;
}

/** alerts.webhooks */
function d11(value: any): any {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = d10(value[i]);
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  for (let i = 0; i < a.length; i++) a[i] = d10(a[i]);
  return a;
}

/** alerts.webhook_delivery */
function d12(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["max_attempts"] === undefined) o["max_attempts"] = 15;
  if (o["backoff_initial_ms"] === undefined) o["backoff_initial_ms"] = 1000;
  if (o["backoff_max_ms"] === undefined) o["backoff_max_ms"] = 3600000;
  if (o["poll_interval_ms"] === undefined) o["poll_interval_ms"] = 1000;
  if (o["retention_days"] === undefined) o["retention_days"] = 7;
  return o;
}

/** alerts */
function d13(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["auto_threshold"] === undefined) o["auto_threshold"] = 70;
  { const v = o["webhooks"]; const r = d11(v); if (r !== undefined) o["webhooks"] = isObject(v) ? d11(v) : r; }
  { const v = o["webhook_delivery"]; const r = d12(v); if (r !== undefined) o["webhook_delivery"] = isObject(v) ? d12(v) : r; }
  return o;
}

/** reports */
function d14(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["dir"] === undefined) o["dir"] = "./data/reports";
  if (o["concurrency"] === undefined) o["concurrency"] = 2;
  if (o["retention_days"] === undefined) o["retention_days"] = 30;
  if (o["poll_interval_ms"] === undefined) o["poll_interval_ms"] = 1000;
  if (o["html_max_rows"] === undefined) o["html_max_rows"] = 5000;
  if (o["max_active_per_account"] === undefined) o["max_active_per_account"] = 20;
  if (o["max_attempts"] === undefined) o["max_attempts"] = 3;
  return o;
}

/** metrics */
function d15(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["enabled"] === undefined) o["enabled"] = false;
  if (o["token"] === undefined) o["token"] = "";
  return o;
}

/** modules.revenue_leakage.approver_max_discount_pct */
function d16(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  return o;
}

/** modules.revenue_leakage.tolerance */
function d17(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["absolute"] === undefined) o["absolute"] = 0.01;
  if (o["relative"] === undefined) o["relative"] = 0.0005;
  if (o["quantity"] === undefined) o["quantity"] = 0.0001;
  return o;
}

/** modules.revenue_leakage.tax.rates */
function d18(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  return o;
}

/** modules.revenue_leakage.tax.exempt_customers */
function d19(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.tax.marker_fields */
function d20(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["tax_category","tax_category_code","tax_code","vat_category","vat_code","tax_treatment","vat_treatment","tax_status","tax_exempt","reverse_charge"] : isObject(value) ? Object.assign(["tax_category","tax_category_code","tax_code","vat_category","vat_code","tax_treatment","vat_treatment","tax_status","tax_exempt","reverse_charge"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.tax.exemption_reason_fields */
function d21(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["tax_exemption_reason","tax_exemption_reason_code","vat_exemption_reason","vat_exemption_reason_code","exemption_reason","exemption_reason_code"] : isObject(value) ? Object.assign(["tax_exemption_reason","tax_exemption_reason_code","vat_exemption_reason","vat_exemption_reason_code","exemption_reason","exemption_reason_code"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.tax.exempt_values */
function d22(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["E","AE","K","G","O","Z","EXEMPT","REVERSE_CHARGE","REVERSE CHARGE","ZERO_RATED","EXPORT","TRUE","YES","Y"] : isObject(value) ? Object.assign(["E","AE","K","G","O","Z","EXEMPT","REVERSE_CHARGE","REVERSE CHARGE","ZERO_RATED","EXPORT","TRUE","YES","Y"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.tax */
function d23(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  { const v = o["rates"]; const r = d18(v); if (r !== undefined) o["rates"] = isObject(v) ? d18(v) : r; }
  if (o["default_rate"] === undefined) o["default_rate"] = null;
  { const v = o["exempt_customers"]; const r = d19(v); if (r !== undefined) o["exempt_customers"] = isObject(v) ? d19(v) : r; }
  { const v = o["marker_fields"]; const r = d20(v); if (r !== undefined) o["marker_fields"] = isObject(v) ? d20(v) : r; }
  { const v = o["exemption_reason_fields"]; const r = d21(v); if (r !== undefined) o["exemption_reason_fields"] = isObject(v) ? d21(v) : r; }
  { const v = o["exempt_values"]; const r = d22(v); if (r !== undefined) o["exempt_values"] = isObject(v) ? d22(v) : r; }
  if (o["learn"] === undefined) o["learn"] = true;
  return o;
}

/** modules.revenue_leakage.free_of_charge_fields */
function d24(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["billing_type","document_type","order_type","order_reason","item_category","charge_type"] : isObject(value) ? Object.assign(["billing_type","document_type","order_type","order_reason","item_category","charge_type"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.free_of_charge_values */
function d25(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["FOC","FREE_OF_CHARGE","FREE OF CHARGE","NO_CHARGE","WARRANTY","SAMPLE","REPLACEMENT","CONSIGNMENT","KN","KB","F8","TANN"] : isObject(value) ? Object.assign(["FOC","FREE_OF_CHARGE","FREE OF CHARGE","NO_CHARGE","WARRANTY","SAMPLE","REPLACEMENT","CONSIGNMENT","KN","KB","F8","TANN"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.intercompany_values */
function d26(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["INTERCOMPANY","INTRACOMPANY","INTERCO","IV"] : isObject(value) ? Object.assign(["INTERCOMPANY","INTRACOMPANY","INTERCO","IV"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.accepted_adjustment_reasons */
function d27(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["97","234"] : isObject(value) ? Object.assign(["97","234"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.minimum_charge_skus */
function d28(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? ["MIN","MINIMUM","MIN_CHARGE","MINIMUM_CHARGE","MIN_CHG","MINCHG","MIN_FEE","MINIMUM_FEE","MIN_BILL","MINIMUM_BILL"] : isObject(value) ? Object.assign(["MIN","MINIMUM","MIN_CHARGE","MINIMUM_CHARGE","MIN_CHG","MINCHG","MIN_FEE","MINIMUM_FEE","MIN_BILL","MINIMUM_BILL"], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.exchange_rates */
function d29(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.revenue_leakage.weights */
function d30(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  return o;
}

/** modules.revenue_leakage */
function d31(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["max_discount_pct"] === undefined) o["max_discount_pct"] = 10;
  { const v = o["approver_max_discount_pct"]; const r = d16(v); if (r !== undefined) o["approver_max_discount_pct"] = isObject(v) ? d16(v) : r; }
  { const v = o["tolerance"]; const r = d17(v); if (r !== undefined) o["tolerance"] = isObject(v) ? d17(v) : r; }
  { const v = o["tax"]; const r = d23(v); if (r !== undefined) o["tax"] = isObject(v) ? d23(v) : r; }
  { const v = o["free_of_charge_fields"]; const r = d24(v); if (r !== undefined) o["free_of_charge_fields"] = isObject(v) ? d24(v) : r; }
  { const v = o["free_of_charge_values"]; const r = d25(v); if (r !== undefined) o["free_of_charge_values"] = isObject(v) ? d25(v) : r; }
  { const v = o["intercompany_values"]; const r = d26(v); if (r !== undefined) o["intercompany_values"] = isObject(v) ? d26(v) : r; }
  { const v = o["accepted_adjustment_reasons"]; const r = d27(v); if (r !== undefined) o["accepted_adjustment_reasons"] = isObject(v) ? d27(v) : r; }
  { const v = o["minimum_charge_skus"]; const r = d28(v); if (r !== undefined) o["minimum_charge_skus"] = isObject(v) ? d28(v) : r; }
  if (o["count_discrepancy_pct"] === undefined) o["count_discrepancy_pct"] = 10;
  { const v = o["exchange_rates"]; const r = d29(v); if (r !== undefined) o["exchange_rates"] = isObject(v) ? d29(v) : r; }
  { const v = o["weights"]; const r = d30(v); if (r !== undefined) o["weights"] = isObject(v) ? d30(v) : r; }
  return o;
}

/** modules.anomaly_detection.outlier */
function d32(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["min_history"] === undefined) o["min_history"] = 20;
  if (o["routine_min_history"] === undefined) o["routine_min_history"] = 3;
  if (o["threshold"] === undefined) o["threshold"] = 4.5;
  if (o["two_sided"] === undefined) o["two_sided"] = false;
  return o;
}

/** modules.anomaly_detection.rare_value */
function d33(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["min_history"] === undefined) o["min_history"] = 500;
  if (o["max_count"] === undefined) o["max_count"] = 2;
  return o;
}

/** modules.anomaly_detection.rare_combination.habit_fields */
function d34(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.anomaly_detection.rare_combination */
function d35(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["min_expected"] === undefined) o["min_expected"] = 10;
  if (o["max_count"] === undefined) o["max_count"] = 2;
  { const v = o["habit_fields"]; const r = d34(v); if (r !== undefined) o["habit_fields"] = isObject(v) ? d34(v) : r; }
  return o;
}

/** modules.anomaly_detection.calendar.business_hours */
function d36(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["start"] === undefined) o["start"] = 7;
  if (o["end"] === undefined) o["end"] = 20;
  return o;
}

/** modules.anomaly_detection.calendar.weekend_days */
function d37(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [0,6] : isObject(value) ? Object.assign([0,6], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.anomaly_detection.calendar */
function d38(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  { const v = o["business_hours"]; const r = d36(v); if (r !== undefined) o["business_hours"] = isObject(v) ? d36(v) : r; }
  { const v = o["weekend_days"]; const r = d37(v); if (r !== undefined) o["weekend_days"] = isObject(v) ? d37(v) : r; }
  if (o["utc_offset_minutes"] === undefined) o["utc_offset_minutes"] = 0;
  if (o["period_end_days"] === undefined) o["period_end_days"] = 1;
  if (o["period_end_quantile"] === undefined) o["period_end_quantile"] = 0.9;
  return o;
}

/** modules.anomaly_detection.new_counterparty */
function d39(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["amount_quantile"] === undefined) o["amount_quantile"] = 0.95;
  if (o["warmup_days"] === undefined) o["warmup_days"] = 30;
  return o;
}

/** modules.anomaly_detection.lookalike_counterparty */
function d40(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["name_field"] === undefined) o["name_field"] = "auto";
  if (o["min_history"] === undefined) o["min_history"] = 20;
  return o;
}

/** modules.anomaly_detection.off_period.fields */
function d41(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.anomaly_detection.off_period */
function d42(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  { const v = o["fields"]; const r = d41(v); if (r !== undefined) o["fields"] = isObject(v) ? d41(v) : r; }
  return o;
}

/** modules.anomaly_detection.dormant_user */
function d43(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["min_active_days"] === undefined) o["min_active_days"] = 20;
  if (o["min_weeks"] === undefined) o["min_weeks"] = 8;
  if (o["min_gap_days"] === undefined) o["min_gap_days"] = 42;
  if (o["gap_factor"] === undefined) o["gap_factor"] = 4;
  if (o["business_active_share"] === undefined) o["business_active_share"] = 0.5;
  if (o["resume_window_days"] === undefined) o["resume_window_days"] = 91;
  if (o["resume_share"] === undefined) o["resume_share"] = 0.33;
  if (o["strong_missed_days"] === undefined) o["strong_missed_days"] = 10;
  return o;
}

/** modules.anomaly_detection.late_posting */
function d44(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["close_gap_days"] === undefined) o["close_gap_days"] = 14;
  if (o["standing_lag_days"] === undefined) o["standing_lag_days"] = 3;
  if (o["min_days_after_close"] === undefined) o["min_days_after_close"] = 7;
  if (o["min_lag_days"] === undefined) o["min_lag_days"] = 14;
  if (o["habit_factor"] === undefined) o["habit_factor"] = 1.5;
  if (o["habit_quantile"] === undefined) o["habit_quantile"] = 0.98;
  if (o["min_history"] === undefined) o["min_history"] = 20;
  if (o["high_after_close_days"] === undefined) o["high_after_close_days"] = 21;
  if (o["audit_adjustment_days"] === undefined) o["audit_adjustment_days"] = 120;
  return o;
}

/** modules.anomaly_detection.split_below_limit */
function d45(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["limits"] === undefined) o["limits"] = "auto";
  if (o["band"] === undefined) o["band"] = 0.2;
  if (o["window_days"] === undefined) o["window_days"] = 3;
  return o;
}

/** modules.anomaly_detection.isolation_forest */
function d46(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["enabled"] === undefined) o["enabled"] = false;
  if (o["trees"] === undefined) o["trees"] = 100;
  if (o["sample_size"] === undefined) o["sample_size"] = 256;
  if (o["seed"] === undefined) o["seed"] = 1729;
  if (o["threshold"] === undefined) o["threshold"] = 0.66;
  if (o["min_history"] === undefined) o["min_history"] = 200;
  return o;
}

/** modules.anomaly_detection.population */
function d47(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["min_size"] === undefined) o["min_size"] = 300;
  if (o["round_unit"] === undefined) o["round_unit"] = 1000;
  if (o["round_z"] === undefined) o["round_z"] = 3;
  if (o["benford_mad"] === undefined) o["benford_mad"] = 0.015;
  return o;
}

/** modules.anomaly_detection.weights */
function d48(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  return o;
}

/** modules.anomaly_detection */
function d49(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  { const v = o["outlier"]; const r = d32(v); if (r !== undefined) o["outlier"] = isObject(v) ? d32(v) : r; }
  if (o["categorical_fields"] === undefined) o["categorical_fields"] = "auto";
  { const v = o["rare_value"]; const r = d33(v); if (r !== undefined) o["rare_value"] = isObject(v) ? d33(v) : r; }
  { const v = o["rare_combination"]; const r = d35(v); if (r !== undefined) o["rare_combination"] = isObject(v) ? d35(v) : r; }
  { const v = o["calendar"]; const r = d38(v); if (r !== undefined) o["calendar"] = isObject(v) ? d38(v) : r; }
  { const v = o["new_counterparty"]; const r = d39(v); if (r !== undefined) o["new_counterparty"] = isObject(v) ? d39(v) : r; }
  { const v = o["lookalike_counterparty"]; const r = d40(v); if (r !== undefined) o["lookalike_counterparty"] = isObject(v) ? d40(v) : r; }
  { const v = o["off_period"]; const r = d42(v); if (r !== undefined) o["off_period"] = isObject(v) ? d42(v) : r; }
  { const v = o["dormant_user"]; const r = d43(v); if (r !== undefined) o["dormant_user"] = isObject(v) ? d43(v) : r; }
  { const v = o["late_posting"]; const r = d44(v); if (r !== undefined) o["late_posting"] = isObject(v) ? d44(v) : r; }
  { const v = o["split_below_limit"]; const r = d45(v); if (r !== undefined) o["split_below_limit"] = isObject(v) ? d45(v) : r; }
  { const v = o["isolation_forest"]; const r = d46(v); if (r !== undefined) o["isolation_forest"] = isObject(v) ? d46(v) : r; }
  { const v = o["population"]; const r = d47(v); if (r !== undefined) o["population"] = isObject(v) ? d47(v) : r; }
  { const v = o["weights"]; const r = d48(v); if (r !== undefined) o["weights"] = isObject(v) ? d48(v) : r; }
  return o;
}

/** modules.duplicate_detection.weights */
function d50(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  return o;
}

/** modules.duplicate_detection */
function d51(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["window_days"] === undefined) o["window_days"] = 7;
  if (o["journal_field"] === undefined) o["journal_field"] = "auto";
  if (o["journal_window_days"] === undefined) o["journal_window_days"] = 3;
  { const v = o["weights"]; const r = d50(v); if (r !== undefined) o["weights"] = isObject(v) ? d50(v) : r; }
  return o;
}

/** modules.compliance.approver_limits */
function d52(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  return o;
}

/** modules.compliance.self_approval */
function d53(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["standing_months"] === undefined) o["standing_months"] = 6;
  if (o["covering_kinds"] === undefined) o["covering_kinds"] = 10;
  return o;
}

/** modules.compliance.grants.cost_accounts */
function d54(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.compliance.grants.unallowable_accounts */
function d55(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.compliance.grants.awards */
function d56(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.compliance.grants */
function d57(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["field"] === undefined) o["field"] = "auto";
  if (o["account_field"] === undefined) o["account_field"] = "auto";
  { const v = o["cost_accounts"]; const r = d54(v); if (r !== undefined) o["cost_accounts"] = isObject(v) ? d54(v) : r; }
  { const v = o["unallowable_accounts"]; const r = d55(v); if (r !== undefined) o["unallowable_accounts"] = isObject(v) ? d55(v) : r; }
  { const v = o["awards"]; const r = d56(v); if (r !== undefined) o["awards"] = isObject(v) ? d56(v) : r; }
  return o;
}

/** modules.compliance.restriction_releases.accounts */
function d58(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.compliance.restriction_releases.authorized_users */
function d59(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** modules.compliance.restriction_releases */
function d60(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  { const v = o["accounts"]; const r = d58(v); if (r !== undefined) o["accounts"] = isObject(v) ? d58(v) : r; }
  if (o["account_field"] === undefined) o["account_field"] = "auto";
  { const v = o["authorized_users"]; const r = d59(v); if (r !== undefined) o["authorized_users"] = isObject(v) ? d59(v) : r; }
  return o;
}

/** modules.compliance.weights */
function d61(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  return o;
}

/** modules.compliance */
function d62(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  { const v = o["approver_limits"]; const r = d52(v); if (r !== undefined) o["approver_limits"] = isObject(v) ? d52(v) : r; }
  if (o["default_approver_limit"] === undefined) o["default_approver_limit"] = null;
  { const v = o["self_approval"]; const r = d53(v); if (r !== undefined) o["self_approval"] = isObject(v) ? d53(v) : r; }
  { const v = o["grants"]; const r = d57(v); if (r !== undefined) o["grants"] = isObject(v) ? d57(v) : r; }
  { const v = o["restriction_releases"]; const r = d60(v); if (r !== undefined) o["restriction_releases"] = isObject(v) ? d60(v) : r; }
  { const v = o["weights"]; const r = d61(v); if (r !== undefined) o["weights"] = isObject(v) ? d61(v) : r; }
  return o;
}

/** modules.scoring.risk_levels */
function d63(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["medium"] === undefined) o["medium"] = 30;
  if (o["high"] === undefined) o["high"] = 60;
  if (o["critical"] === undefined) o["critical"] = 80;
  return o;
}

/** modules.scoring */
function d64(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  { const v = o["risk_levels"]; const r = d63(v); if (r !== undefined) o["risk_levels"] = isObject(v) ? d63(v) : r; }
  return o;
}

/** modules.context */
function d65(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["ttl_s"] === undefined) o["ttl_s"] = 300;
  if (o["history_limit"] === undefined) o["history_limit"] = 200000;
  return o;
}

/** modules */
function d66(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  { const v = o["revenue_leakage"]; const r = d31(v); if (r !== undefined) o["revenue_leakage"] = isObject(v) ? d31(v) : r; }
  { const v = o["anomaly_detection"]; const r = d49(v); if (r !== undefined) o["anomaly_detection"] = isObject(v) ? d49(v) : r; }
  { const v = o["duplicate_detection"]; const r = d51(v); if (r !== undefined) o["duplicate_detection"] = isObject(v) ? d51(v) : r; }
  { const v = o["compliance"]; const r = d62(v); if (r !== undefined) o["compliance"] = isObject(v) ? d62(v) : r; }
  { const v = o["scoring"]; const r = d64(v); if (r !== undefined) o["scoring"] = isObject(v) ? d64(v) : r; }
  { const v = o["context"]; const r = d65(v); if (r !== undefined) o["context"] = isObject(v) ? d65(v) : r; }
  return o;
}

/** rules[] */
function d67(value: any): any {
  const o = value;
  if (!isObject(o)) return o;
  if (o["module"] === undefined) o["module"] = "*";
  if (o["severity"] === undefined) o["severity"] = "medium";
  if (o["action"] === undefined) o["action"] = "flag";
  if (o["enabled"] === undefined) o["enabled"] = true;
  return o;
}

/** rules */
function d68(value: any): any {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = d67(value[i]);
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  for (let i = 0; i < a.length; i++) a[i] = d67(a[i]);
  return a;
}

/** learning */
function d69(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["every_h"] === undefined) o["every_h"] = 0;
  if (o["min_new_labels"] === undefined) o["min_new_labels"] = 5;
  return o;
}

/** connectors[].status */
function d70(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["interval_s"] === undefined) o["interval_s"] = 30;
  if (o["slow_ms"] === undefined) o["slow_ms"] = 2000;
  if (o["unreachable_after"] === undefined) o["unreachable_after"] = 3;
  if (o["recover_after"] === undefined) o["recover_after"] = 3;
  return o;
}

/** connectors[].csv */
function d71(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["thousands"] === undefined) o["thousands"] = "";
  if (o["header_row"] === undefined) o["header_row"] = 1;
  if (o["pattern"] === undefined) o["pattern"] = "*.csv";
  if (o["encoding"] === undefined) o["encoding"] = "auto";
  return o;
}

/** connectors[].allow_hosts */
function d72(value: any): any {
  if (Array.isArray(value)) {
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  return a;
}

/** connectors[] */
function d73(value: any): any {
  const o = value;
  if (!isObject(o)) return o;
  if (o["enabled"] === undefined) o["enabled"] = true;
  if (o["timeout_ms"] === undefined) o["timeout_ms"] = 5000;
  if (o["scan_timeout_s"] === undefined) o["scan_timeout_s"] = 600;
  if (o["reference_ttl_s"] === undefined) o["reference_ttl_s"] = 60;
  { const v = o["status"]; const r = d70(v); if (r !== undefined) o["status"] = isObject(v) ? d70(v) : r; }
  { const v = o["csv"]; const r = d71(v); if (r !== undefined) o["csv"] = isObject(v) ? d71(v) : r; }
  if (o["pool_size"] === undefined) o["pool_size"] = 5;
  if (o["batch_size"] === undefined) o["batch_size"] = 1000;
  if (o["max_response_bytes"] === undefined) o["max_response_bytes"] = 10485760;
  if (o["retries"] === undefined) o["retries"] = 2;
  if (o["backoff_ms"] === undefined) o["backoff_ms"] = 200;
  if (o["max_redirects"] === undefined) o["max_redirects"] = 3;
  { const v = o["allow_hosts"]; const r = d72(v); if (r !== undefined) o["allow_hosts"] = isObject(v) ? d72(v) : r; }
  return o;
}

/** connectors */
function d74(value: any): any {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = d73(value[i]);
    return value;
  }
  const a = value === undefined ? [] : isObject(value) ? Object.assign([], value) : value;
  if (!Array.isArray(a)) return a;
  for (let i = 0; i < a.length; i++) a[i] = d73(a[i]);
  return a;
}

/** dashboard.sign_in */
function d75(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["per_address_per_minute"] === undefined) o["per_address_per_minute"] = 10;
  if (o["per_user_per_minute"] === undefined) o["per_user_per_minute"] = 5;
  return o;
}

/** dashboard */
function d76(value: any): any {
  const o = value === undefined ? {} : isObject(value) ? Object.assign({}, value) : value;
  if (!isObject(o)) return o;
  if (o["enabled"] === undefined) o["enabled"] = true;
  if (o["session_idle_minutes"] === undefined) o["session_idle_minutes"] = 30;
  if (o["session_absolute_hours"] === undefined) o["session_absolute_hours"] = 12;
  if (o["setup_link_hours"] === undefined) o["setup_link_hours"] = 24;
  { const v = o["sign_in"]; const r = d75(v); if (r !== undefined) o["sign_in"] = isObject(v) ? d75(v) : r; }
  return o;
}

/** (root) */
function d77(value: any): any {
  const o = value;
  if (!isObject(o)) return o;
  { const v = o["server"]; const r = d0(v); if (r !== undefined) o["server"] = isObject(v) ? d0(v) : r; }
  { const v = o["storage"]; const r = d1(v); if (r !== undefined) o["storage"] = isObject(v) ? d1(v) : r; }
  { const v = o["rate_limit"]; const r = d2(v); if (r !== undefined) o["rate_limit"] = isObject(v) ? d2(v) : r; }
  { const v = o["security"]; const r = d5(v); if (r !== undefined) o["security"] = isObject(v) ? d5(v) : r; }
  { const v = o["plans"]; const r = d6(v); if (r !== undefined) o["plans"] = isObject(v) ? d6(v) : r; }
  { const v = o["idempotency"]; const r = d7(v); if (r !== undefined) o["idempotency"] = isObject(v) ? d7(v) : r; }
  { const v = o["alerts"]; const r = d13(v); if (r !== undefined) o["alerts"] = isObject(v) ? d13(v) : r; }
  { const v = o["reports"]; const r = d14(v); if (r !== undefined) o["reports"] = isObject(v) ? d14(v) : r; }
  { const v = o["metrics"]; const r = d15(v); if (r !== undefined) o["metrics"] = isObject(v) ? d15(v) : r; }
  { const v = o["modules"]; const r = d66(v); if (r !== undefined) o["modules"] = isObject(v) ? d66(v) : r; }
  { const v = o["rules"]; const r = d68(v); if (r !== undefined) o["rules"] = isObject(v) ? d68(v) : r; }
  { const v = o["learning"]; const r = d69(v); if (r !== undefined) o["learning"] = isObject(v) ? d69(v) : r; }
  { const v = o["connectors"]; const r = d74(v); if (r !== undefined) o["connectors"] = isObject(v) ? d74(v) : r; }
  { const v = o["dashboard"]; const r = d76(v); if (r !== undefined) o["dashboard"] = isObject(v) ? d76(v) : r; }
  return o;
}

/** The records whose keys must match a pattern (record-keys.ts refuses the others). */
export const patternedRecords: { path: string[]; pattern: string; hint: string | null }[] = [{"path":["plans"],"pattern":"^[a-z][a-z0-9_-]{0,39}$","hint":"a plan name is lower-case letters, digits, _ and - (at most 40), starting with a letter"},{"path":["modules","revenue_leakage","tax","rates"],"pattern":"^[A-Z]{3}$","hint":"a currency is an ISO 4217 code in capitals (EUR, USD)"}];

/** The lists and mappings with a default (collection-kinds.ts refuses a value of the other kind there). */
export const collectionDefaults: { path: string[]; kind: "list" | "mapping" }[] = [{"path":["server"],"kind":"mapping"},{"path":["storage"],"kind":"mapping"},{"path":["rate_limit"],"kind":"mapping"},{"path":["security"],"kind":"mapping"},{"path":["security","signature"],"kind":"mapping"},{"path":["security","failed_auth"],"kind":"mapping"},{"path":["plans"],"kind":"mapping"},{"path":["idempotency"],"kind":"mapping"},{"path":["alerts"],"kind":"mapping"},{"path":["alerts","webhooks"],"kind":"list"},{"path":["alerts","webhooks","[]","events"],"kind":"list"},{"path":["alerts","webhooks","[]","allow_hosts"],"kind":"list"},{"path":["alerts","webhook_delivery"],"kind":"mapping"},{"path":["reports"],"kind":"mapping"},{"path":["metrics"],"kind":"mapping"},{"path":["modules"],"kind":"mapping"},{"path":["modules","revenue_leakage"],"kind":"mapping"},{"path":["modules","revenue_leakage","approver_max_discount_pct"],"kind":"mapping"},{"path":["modules","revenue_leakage","tolerance"],"kind":"mapping"},{"path":["modules","revenue_leakage","tax"],"kind":"mapping"},{"path":["modules","revenue_leakage","tax","rates"],"kind":"mapping"},{"path":["modules","revenue_leakage","tax","exempt_customers"],"kind":"list"},{"path":["modules","revenue_leakage","tax","marker_fields"],"kind":"list"},{"path":["modules","revenue_leakage","tax","exemption_reason_fields"],"kind":"list"},{"path":["modules","revenue_leakage","tax","exempt_values"],"kind":"list"},{"path":["modules","revenue_leakage","free_of_charge_fields"],"kind":"list"},{"path":["modules","revenue_leakage","free_of_charge_values"],"kind":"list"},{"path":["modules","revenue_leakage","intercompany_values"],"kind":"list"},{"path":["modules","revenue_leakage","accepted_adjustment_reasons"],"kind":"list"},{"path":["modules","revenue_leakage","minimum_charge_skus"],"kind":"list"},{"path":["modules","revenue_leakage","exchange_rates"],"kind":"list"},{"path":["modules","revenue_leakage","weights"],"kind":"mapping"},{"path":["modules","anomaly_detection"],"kind":"mapping"},{"path":["modules","anomaly_detection","outlier"],"kind":"mapping"},{"path":["modules","anomaly_detection","rare_value"],"kind":"mapping"},{"path":["modules","anomaly_detection","rare_combination"],"kind":"mapping"},{"path":["modules","anomaly_detection","rare_combination","habit_fields"],"kind":"list"},{"path":["modules","anomaly_detection","calendar"],"kind":"mapping"},{"path":["modules","anomaly_detection","calendar","business_hours"],"kind":"mapping"},{"path":["modules","anomaly_detection","calendar","weekend_days"],"kind":"list"},{"path":["modules","anomaly_detection","new_counterparty"],"kind":"mapping"},{"path":["modules","anomaly_detection","lookalike_counterparty"],"kind":"mapping"},{"path":["modules","anomaly_detection","off_period"],"kind":"mapping"},{"path":["modules","anomaly_detection","off_period","fields"],"kind":"list"},{"path":["modules","anomaly_detection","dormant_user"],"kind":"mapping"},{"path":["modules","anomaly_detection","late_posting"],"kind":"mapping"},{"path":["modules","anomaly_detection","split_below_limit"],"kind":"mapping"},{"path":["modules","anomaly_detection","isolation_forest"],"kind":"mapping"},{"path":["modules","anomaly_detection","population"],"kind":"mapping"},{"path":["modules","anomaly_detection","weights"],"kind":"mapping"},{"path":["modules","duplicate_detection"],"kind":"mapping"},{"path":["modules","duplicate_detection","weights"],"kind":"mapping"},{"path":["modules","compliance"],"kind":"mapping"},{"path":["modules","compliance","approver_limits"],"kind":"mapping"},{"path":["modules","compliance","self_approval"],"kind":"mapping"},{"path":["modules","compliance","grants"],"kind":"mapping"},{"path":["modules","compliance","grants","cost_accounts"],"kind":"list"},{"path":["modules","compliance","grants","unallowable_accounts"],"kind":"list"},{"path":["modules","compliance","grants","awards"],"kind":"list"},{"path":["modules","compliance","restriction_releases"],"kind":"mapping"},{"path":["modules","compliance","restriction_releases","accounts"],"kind":"list"},{"path":["modules","compliance","restriction_releases","authorized_users"],"kind":"list"},{"path":["modules","compliance","weights"],"kind":"mapping"},{"path":["modules","scoring"],"kind":"mapping"},{"path":["modules","scoring","risk_levels"],"kind":"mapping"},{"path":["modules","context"],"kind":"mapping"},{"path":["rules"],"kind":"list"},{"path":["learning"],"kind":"mapping"},{"path":["connectors"],"kind":"list"},{"path":["connectors","[]","status"],"kind":"mapping"},{"path":["connectors","[]","csv"],"kind":"mapping"},{"path":["connectors","[]","allow_hosts"],"kind":"list"},{"path":["dashboard"],"kind":"mapping"},{"path":["dashboard","sign_in"],"kind":"mapping"}];

/** Value.Check(ConfigSchema, value), compiled by TypeBox's TypeCompiler. */
export const configCheck: (value: unknown) => boolean = (() => {
const local_0 = /^\S+$/;
const local_1 = /^[a-z][a-z0-9_-]{0,39}$/
const local_2 = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const local_3 = /^https?:\/\//;
const local_4 = /^(.*)$/
const local_5 = /^[A-Z]{3}$/
const local_6 = /^\d{4}-\d{2}-\d{2}$/;
const local_7 = /^[A-Z]{3}$/;
const local_8 = /^[A-Z]{3}$/;
const local_9 = /^\d{4}-\d{2}-\d{2}$/;
const local_10 = /^(type|customer_id|currency|contract_id|reference|created_by|approved_by|sku|attributes\..+)$/;
const local_11 = /^(type|customer_id|currency|contract_id|reference|created_by|approved_by|sku|attributes\..+)$/;
const local_12 = /^(auto|customer_id|attributes\.[^.]+)$/;
const local_13 = /^(type|customer_id|currency|contract_id|reference|created_by|approved_by|sku|attributes\..+)$/;
const local_14 = /^\d{4}-\d{2}-\d{2}$/;
const local_15 = /^(auto|attributes\..+)$/;
const local_16 = /^(.*)$/
const local_17 = /^(auto|contract_id|reference|attributes\.[^.]+)$/;
const local_18 = /^(auto|sku|attributes\.[^.]+)$/;
const local_19 = /^\d{4}-\d{2}-\d{2}$/;
const local_20 = /^\d{4}-\d{2}-\d{2}$/;
const local_21 = /^(auto|sku|attributes\.[^.]+)$/;
const local_22 = /^[a-z][a-z0-9_]{0,63}$/;
const local_23 = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const local_24 = /^(.*)$/
const local_25 = /^(.*)$/
const local_26 = /^(.*)$/
const local_27 = /^(.*)$/
const local_28 = /^(.*)$/
const local_29 = /^(.*)$/
const local_30 = /^(.*)$/
const local_31 = /^https?:\/\/[^/?#]+$/;
return function check(value: any): boolean {
  return (
    (typeof value === 'object' && value !== null && !Array.isArray(value)) &&
    (typeof value.server === 'object' && value.server !== null && !Array.isArray(value.server)) &&
    (typeof value.server.host === 'string') &&
    value.server.host.length >= 1 &&
    local_0.test(value.server.host) &&
    Number.isInteger(value.server.port) &&
    value.server.port <= 65535 &&
    value.server.port >= 0 &&
    (value.server.tls !== undefined ? ((typeof value.server.tls === 'object' && value.server.tls !== null && !Array.isArray(value.server.tls)) && (typeof value.server.tls.cert === 'string') && value.server.tls.cert.length >= 1 && (typeof value.server.tls.key === 'string') && value.server.tls.key.length >= 1 && Object.getOwnPropertyNames(value.server.tls).length === 2) : true) &&
    Number.isInteger(value.server.max_body_bytes) &&
    value.server.max_body_bytes <= 67108864 &&
    value.server.max_body_bytes >= 1024 &&
    Number.isFinite(value.server.shutdown_grace_s) &&
    value.server.shutdown_grace_s <= 600 &&
    value.server.shutdown_grace_s >= 0 &&
    Number.isFinite(value.server.shutdown_notice_s) &&
    value.server.shutdown_notice_s <= 60 &&
    value.server.shutdown_notice_s >= 0 &&
    (typeof value.server.access_log === 'boolean') &&
    (typeof value.server.trust_proxy === 'boolean') &&
    Object.getOwnPropertyNames(value.server).every(key => ['host', 'port', 'tls', 'max_body_bytes', 'shutdown_grace_s', 'shutdown_notice_s', 'access_log', 'trust_proxy'].includes(key)) &&
    (typeof value.storage === 'object' && value.storage !== null && !Array.isArray(value.storage)) &&
    (((value.storage.driver === 'sqlite')) || ((value.storage.driver === 'postgres'))) &&
    (typeof value.storage.path === 'string') &&
    value.storage.path.length >= 1 &&
    (((value.storage.synchronous === 'FULL')) || ((value.storage.synchronous === 'NORMAL'))) &&
    Number.isInteger(value.storage.busy_timeout_ms) &&
    value.storage.busy_timeout_ms <= 600000 &&
    value.storage.busy_timeout_ms >= 0 &&
    (((value.storage.startup_check === 'quick')) || ((value.storage.startup_check === 'off'))) &&
    (value.storage.url !== undefined ? ((typeof value.storage.url === 'string') && value.storage.url.length >= 1) : true) &&
    Number.isInteger(value.storage.pool) &&
    value.storage.pool <= 500 &&
    value.storage.pool >= 1 &&
    (((value.storage.analyses_retention_days === 0)) || (Number.isFinite(value.storage.analyses_retention_days) && value.storage.analyses_retention_days <= 36500 && value.storage.analyses_retention_days >= 31)) &&
    Object.getOwnPropertyNames(value.storage).every(key => ['driver', 'path', 'synchronous', 'busy_timeout_ms', 'startup_check', 'url', 'pool', 'analyses_retention_days'].includes(key)) &&
    (typeof value.rate_limit === 'object' && value.rate_limit !== null && !Array.isArray(value.rate_limit)) &&
    (((value.rate_limit.backend === 'memory')) || ((value.rate_limit.backend === 'redis'))) &&
    (value.rate_limit.url !== undefined ? ((typeof value.rate_limit.url === 'string') && value.rate_limit.url.length >= 1) : true) &&
    (((value.rate_limit.on_unavailable === 'local')) || ((value.rate_limit.on_unavailable === 'reject'))) &&
    (typeof value.rate_limit.key_prefix === 'string') &&
    value.rate_limit.key_prefix.length <= 100 &&
    Number.isInteger(value.rate_limit.timeout_ms) &&
    value.rate_limit.timeout_ms <= 10000 &&
    value.rate_limit.timeout_ms >= 10 &&
    Number.isInteger(value.rate_limit.concurrent_scans_per_account) &&
    value.rate_limit.concurrent_scans_per_account <= 1000 &&
    value.rate_limit.concurrent_scans_per_account >= 1 &&
    Object.getOwnPropertyNames(value.rate_limit).every(key => ['backend', 'url', 'on_unavailable', 'key_prefix', 'timeout_ms', 'concurrent_scans_per_account'].includes(key)) &&
    (typeof value.security === 'object' && value.security !== null && !Array.isArray(value.security)) &&
    (typeof value.security.master_key_file === 'string') &&
    value.security.master_key_file.length >= 1 &&
    (typeof value.security.signature === 'object' && value.security.signature !== null && !Array.isArray(value.security.signature)) &&
    (((value.security.signature.timestamp === 'optional')) || ((value.security.signature.timestamp === 'required'))) &&
    Number.isInteger(value.security.signature.tolerance_s) &&
    value.security.signature.tolerance_s <= 86400 &&
    value.security.signature.tolerance_s >= 1 &&
    (((value.security.signature.scope === 'body')) || ((value.security.signature.scope === 'request'))) &&
    Object.getOwnPropertyNames(value.security.signature).length === 3 &&
    (typeof value.security.failed_auth === 'object' && value.security.failed_auth !== null && !Array.isArray(value.security.failed_auth)) &&
    Number.isInteger(value.security.failed_auth.per_minute) &&
    value.security.failed_auth.per_minute <= 1000000 &&
    value.security.failed_auth.per_minute >= 1 &&
    Number.isInteger(value.security.failed_auth.per_second) &&
    value.security.failed_auth.per_second <= 1000000 &&
    value.security.failed_auth.per_second >= 1 &&
    Object.getOwnPropertyNames(value.security.failed_auth).length === 2 &&
    Object.getOwnPropertyNames(value.security).length === 3 &&
    (typeof value.plans === 'object' && value.plans !== null && !Array.isArray(value.plans) && !(value.plans instanceof Date) && !(value.plans instanceof Uint8Array)) &&
    (Object.entries(value.plans).every(([key, value]) => (local_1.test(key) ? ((typeof value === 'object' && value !== null && !Array.isArray(value)) && Number.isInteger(value.per_second) && value.per_second <= 10000000 && value.per_second >= 1 && Number.isInteger(value.per_minute) && value.per_minute <= 100000000 && value.per_minute >= 1 && Object.getOwnPropertyNames(value).length === 2) : true))) &&
    (typeof value.idempotency === 'object' && value.idempotency !== null && !Array.isArray(value.idempotency)) &&
    Number.isFinite(value.idempotency.retention_h) &&
    value.idempotency.retention_h <= 720 &&
    value.idempotency.retention_h >= 1 &&
    Number.isInteger(value.idempotency.lease_s) &&
    value.idempotency.lease_s <= 86400 &&
    value.idempotency.lease_s >= 5 &&
    Object.getOwnPropertyNames(value.idempotency).length === 2 &&
    (typeof value.alerts === 'object' && value.alerts !== null && !Array.isArray(value.alerts)) &&
    Number.isFinite(value.alerts.auto_threshold) &&
    value.alerts.auto_threshold <= 101 &&
    value.alerts.auto_threshold >= 0 &&
    Array.isArray(value.alerts.webhooks) &&
    value.alerts.webhooks.every((value: any) => ((typeof value === 'object' && value !== null && !Array.isArray(value)) && (typeof value.id === 'string') && local_2.test(value.id) && (typeof value.url === 'string') && value.url.length <= 2048 && value.url.length >= 8 && local_3.test(value.url) && (typeof value.secret === 'string') && value.secret.length <= 512 && value.secret.length >= 16 && Array.isArray(value.events) && value.events.length >= 1 && value.events.every((value: any) => ((((value === '*')) || ((value === 'alert.created')) || ((value === 'alert.updated')) || ((value === 'alert.acknowledged')) || ((value === 'alert.resolved')) || ((value === 'alert.dismissed')) || ((value === 'alert.reopened'))))) && (value.accounts !== undefined ? (Array.isArray(value.accounts) && value.accounts.length >= 1 && value.accounts.every((value: any) => ((typeof value === 'string') && value.length >= 1))) : true) && Number.isInteger(value.timeout_ms) && value.timeout_ms <= 120000 && value.timeout_ms >= 100 && Array.isArray(value.allow_hosts) && value.allow_hosts.length <= 50 && value.allow_hosts.every((value: any) => ((typeof value === 'string') && value.length <= 255 && value.length >= 1)) && Object.getOwnPropertyNames(value).every(key => ['id', 'url', 'secret', 'events', 'accounts', 'timeout_ms', 'allow_hosts'].includes(key)))) &&
    (typeof value.alerts.webhook_delivery === 'object' && value.alerts.webhook_delivery !== null && !Array.isArray(value.alerts.webhook_delivery)) &&
    Number.isInteger(value.alerts.webhook_delivery.max_attempts) &&
    value.alerts.webhook_delivery.max_attempts <= 100 &&
    value.alerts.webhook_delivery.max_attempts >= 1 &&
    Number.isInteger(value.alerts.webhook_delivery.backoff_initial_ms) &&
    value.alerts.webhook_delivery.backoff_initial_ms <= 3600000 &&
    value.alerts.webhook_delivery.backoff_initial_ms >= 10 &&
    Number.isInteger(value.alerts.webhook_delivery.backoff_max_ms) &&
    value.alerts.webhook_delivery.backoff_max_ms <= 86400000 &&
    value.alerts.webhook_delivery.backoff_max_ms >= 10 &&
    Number.isInteger(value.alerts.webhook_delivery.poll_interval_ms) &&
    value.alerts.webhook_delivery.poll_interval_ms <= 60000 &&
    value.alerts.webhook_delivery.poll_interval_ms >= 10 &&
    Number.isFinite(value.alerts.webhook_delivery.retention_days) &&
    value.alerts.webhook_delivery.retention_days <= 3650 &&
    value.alerts.webhook_delivery.retention_days >= 1 &&
    Object.getOwnPropertyNames(value.alerts.webhook_delivery).length === 5 &&
    Object.getOwnPropertyNames(value.alerts).length === 3 &&
    (typeof value.reports === 'object' && value.reports !== null && !Array.isArray(value.reports)) &&
    (typeof value.reports.dir === 'string') &&
    value.reports.dir.length >= 1 &&
    Number.isInteger(value.reports.concurrency) &&
    value.reports.concurrency <= 32 &&
    value.reports.concurrency >= 1 &&
    Number.isFinite(value.reports.retention_days) &&
    value.reports.retention_days <= 3650 &&
    value.reports.retention_days >= 0.0001 &&
    (value.reports.workers !== undefined ? (Number.isInteger(value.reports.workers) && value.reports.workers <= 64 && value.reports.workers >= 1) : true) &&
    Number.isInteger(value.reports.poll_interval_ms) &&
    value.reports.poll_interval_ms <= 60000 &&
    value.reports.poll_interval_ms >= 10 &&
    Number.isInteger(value.reports.html_max_rows) &&
    value.reports.html_max_rows <= 1000000 &&
    value.reports.html_max_rows >= 10 &&
    Number.isInteger(value.reports.max_active_per_account) &&
    value.reports.max_active_per_account <= 100000 &&
    value.reports.max_active_per_account >= 1 &&
    Number.isInteger(value.reports.max_attempts) &&
    value.reports.max_attempts <= 20 &&
    value.reports.max_attempts >= 1 &&
    Object.getOwnPropertyNames(value.reports).every(key => ['dir', 'concurrency', 'retention_days', 'workers', 'poll_interval_ms', 'html_max_rows', 'max_active_per_account', 'max_attempts'].includes(key)) &&
    (typeof value.metrics === 'object' && value.metrics !== null && !Array.isArray(value.metrics)) &&
    (typeof value.metrics.enabled === 'boolean') &&
    (typeof value.metrics.token === 'string') &&
    value.metrics.token.length <= 512 &&
    Object.getOwnPropertyNames(value.metrics).length === 2 &&
    (typeof value.modules === 'object' && value.modules !== null && !Array.isArray(value.modules)) &&
    (typeof value.modules.revenue_leakage === 'object' && value.modules.revenue_leakage !== null && !Array.isArray(value.modules.revenue_leakage)) &&
    Number.isFinite(value.modules.revenue_leakage.max_discount_pct) &&
    value.modules.revenue_leakage.max_discount_pct <= 100 &&
    value.modules.revenue_leakage.max_discount_pct >= 0 &&
    (typeof value.modules.revenue_leakage.approver_max_discount_pct === 'object' && value.modules.revenue_leakage.approver_max_discount_pct !== null && !Array.isArray(value.modules.revenue_leakage.approver_max_discount_pct) && !(value.modules.revenue_leakage.approver_max_discount_pct instanceof Date) && !(value.modules.revenue_leakage.approver_max_discount_pct instanceof Uint8Array)) &&
    (Object.entries(value.modules.revenue_leakage.approver_max_discount_pct).every(([key, value]) => (local_4.test(key) ? (Number.isFinite(value) && value <= 100 && value >= 0) : true))) &&
    (typeof value.modules.revenue_leakage.tolerance === 'object' && value.modules.revenue_leakage.tolerance !== null && !Array.isArray(value.modules.revenue_leakage.tolerance)) &&
    Number.isFinite(value.modules.revenue_leakage.tolerance.absolute) &&
    value.modules.revenue_leakage.tolerance.absolute >= 0 &&
    Number.isFinite(value.modules.revenue_leakage.tolerance.relative) &&
    value.modules.revenue_leakage.tolerance.relative <= 0.5 &&
    value.modules.revenue_leakage.tolerance.relative >= 0 &&
    Number.isFinite(value.modules.revenue_leakage.tolerance.quantity) &&
    value.modules.revenue_leakage.tolerance.quantity >= 0 &&
    Object.getOwnPropertyNames(value.modules.revenue_leakage.tolerance).length === 3 &&
    (typeof value.modules.revenue_leakage.tax === 'object' && value.modules.revenue_leakage.tax !== null && !Array.isArray(value.modules.revenue_leakage.tax)) &&
    (typeof value.modules.revenue_leakage.tax.rates === 'object' && value.modules.revenue_leakage.tax.rates !== null && !Array.isArray(value.modules.revenue_leakage.tax.rates) && !(value.modules.revenue_leakage.tax.rates instanceof Date) && !(value.modules.revenue_leakage.tax.rates instanceof Uint8Array)) &&
    (Object.entries(value.modules.revenue_leakage.tax.rates).every(([key, value]) => (local_5.test(key) ? (((Number.isFinite(value) && value <= 1 && value >= 0) || (Array.isArray(value) && value.length >= 1 && value.every((value: any) => ((typeof value === 'object' && value !== null && !Array.isArray(value)) && Number.isFinite(value.rate) && value.rate <= 1 && value.rate >= 0 && (value.from !== undefined ? ((typeof value.from === 'string') && local_6.test(value.from)) : true) && Object.getOwnPropertyNames(value).every(key => ['rate', 'from'].includes(key))))))) : true))) &&
    ((Number.isFinite(value.modules.revenue_leakage.tax.default_rate) && value.modules.revenue_leakage.tax.default_rate <= 1 && value.modules.revenue_leakage.tax.default_rate >= 0) || ((value.modules.revenue_leakage.tax.default_rate === null))) &&
    Array.isArray(value.modules.revenue_leakage.tax.exempt_customers) &&
    value.modules.revenue_leakage.tax.exempt_customers.every((value: any) => ((typeof value === 'string'))) &&
    Array.isArray(value.modules.revenue_leakage.tax.marker_fields) &&
    value.modules.revenue_leakage.tax.marker_fields.every((value: any) => ((typeof value === 'string'))) &&
    Array.isArray(value.modules.revenue_leakage.tax.exemption_reason_fields) &&
    value.modules.revenue_leakage.tax.exemption_reason_fields.every((value: any) => ((typeof value === 'string'))) &&
    Array.isArray(value.modules.revenue_leakage.tax.exempt_values) &&
    value.modules.revenue_leakage.tax.exempt_values.every((value: any) => ((typeof value === 'string'))) &&
    (typeof value.modules.revenue_leakage.tax.learn === 'boolean') &&
    Object.getOwnPropertyNames(value.modules.revenue_leakage.tax).length === 7 &&
    Array.isArray(value.modules.revenue_leakage.free_of_charge_fields) &&
    value.modules.revenue_leakage.free_of_charge_fields.every((value: any) => ((typeof value === 'string'))) &&
    Array.isArray(value.modules.revenue_leakage.free_of_charge_values) &&
    value.modules.revenue_leakage.free_of_charge_values.every((value: any) => ((typeof value === 'string'))) &&
    Array.isArray(value.modules.revenue_leakage.intercompany_values) &&
    value.modules.revenue_leakage.intercompany_values.every((value: any) => ((typeof value === 'string'))) &&
    Array.isArray(value.modules.revenue_leakage.accepted_adjustment_reasons) &&
    value.modules.revenue_leakage.accepted_adjustment_reasons.length <= 1000 &&
    value.modules.revenue_leakage.accepted_adjustment_reasons.every((value: any) => ((typeof value === 'string') && value.length <= 64 && value.length >= 1)) &&
    Array.isArray(value.modules.revenue_leakage.minimum_charge_skus) &&
    value.modules.revenue_leakage.minimum_charge_skus.every((value: any) => ((typeof value === 'string') && value.length >= 1)) &&
    Number.isFinite(value.modules.revenue_leakage.count_discrepancy_pct) &&
    value.modules.revenue_leakage.count_discrepancy_pct <= 100 &&
    value.modules.revenue_leakage.count_discrepancy_pct >= 0 &&
    Array.isArray(value.modules.revenue_leakage.exchange_rates) &&
    value.modules.revenue_leakage.exchange_rates.every((value: any) => ((typeof value === 'object' && value !== null && !Array.isArray(value)) && (typeof value.from === 'string') && local_7.test(value.from) && (typeof value.to === 'string') && local_8.test(value.to) && Number.isFinite(value.rate) && value.rate > 0 && (value.valid_from !== undefined ? ((typeof value.valid_from === 'string') && local_9.test(value.valid_from)) : true) && Object.getOwnPropertyNames(value).every(key => ['from', 'to', 'rate', 'valid_from'].includes(key)))) &&
    (typeof value.modules.revenue_leakage.weights === 'object' && value.modules.revenue_leakage.weights !== null && !Array.isArray(value.modules.revenue_leakage.weights)) &&
    (value.modules.revenue_leakage.weights.price_below_contract !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.price_below_contract) && value.modules.revenue_leakage.weights.price_below_contract <= 1 && value.modules.revenue_leakage.weights.price_below_contract >= 0) : true) &&
    (value.modules.revenue_leakage.weights.price_above_contract !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.price_above_contract) && value.modules.revenue_leakage.weights.price_above_contract <= 1 && value.modules.revenue_leakage.weights.price_above_contract >= 0) : true) &&
    (value.modules.revenue_leakage.weights.discount_above_cap !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.discount_above_cap) && value.modules.revenue_leakage.weights.discount_above_cap <= 1 && value.modules.revenue_leakage.weights.discount_above_cap >= 0) : true) &&
    (value.modules.revenue_leakage.weights.price_below_list !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.price_below_list) && value.modules.revenue_leakage.weights.price_below_list <= 1 && value.modules.revenue_leakage.weights.price_below_list >= 0) : true) &&
    (value.modules.revenue_leakage.weights.contract_price_outside_validity !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.contract_price_outside_validity) && value.modules.revenue_leakage.weights.contract_price_outside_validity <= 1 && value.modules.revenue_leakage.weights.contract_price_outside_validity >= 0) : true) &&
    (value.modules.revenue_leakage.weights.zero_price_line !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.zero_price_line) && value.modules.revenue_leakage.weights.zero_price_line <= 1 && value.modules.revenue_leakage.weights.zero_price_line >= 0) : true) &&
    (value.modules.revenue_leakage.weights.below_minimum_charge !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.below_minimum_charge) && value.modules.revenue_leakage.weights.below_minimum_charge <= 1 && value.modules.revenue_leakage.weights.below_minimum_charge >= 0) : true) &&
    (value.modules.revenue_leakage.weights.unbilled_shipment !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.unbilled_shipment) && value.modules.revenue_leakage.weights.unbilled_shipment <= 1 && value.modules.revenue_leakage.weights.unbilled_shipment >= 0) : true) &&
    (value.modules.revenue_leakage.weights.unbilled_recurring_charge !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.unbilled_recurring_charge) && value.modules.revenue_leakage.weights.unbilled_recurring_charge <= 1 && value.modules.revenue_leakage.weights.unbilled_recurring_charge >= 0) : true) &&
    (value.modules.revenue_leakage.weights.recurring_billed_beyond_service !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.recurring_billed_beyond_service) && value.modules.revenue_leakage.weights.recurring_billed_beyond_service <= 1 && value.modules.revenue_leakage.weights.recurring_billed_beyond_service >= 0) : true) &&
    (value.modules.revenue_leakage.weights.quantity_above_delivered_count !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.quantity_above_delivered_count) && value.modules.revenue_leakage.weights.quantity_above_delivered_count <= 1 && value.modules.revenue_leakage.weights.quantity_above_delivered_count >= 0) : true) &&
    (value.modules.revenue_leakage.weights.discount_taken_after_terms !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.discount_taken_after_terms) && value.modules.revenue_leakage.weights.discount_taken_after_terms <= 1 && value.modules.revenue_leakage.weights.discount_taken_after_terms >= 0) : true) &&
    (value.modules.revenue_leakage.weights.shortage_not_on_delivery !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.shortage_not_on_delivery) && value.modules.revenue_leakage.weights.shortage_not_on_delivery <= 1 && value.modules.revenue_leakage.weights.shortage_not_on_delivery >= 0) : true) &&
    (value.modules.revenue_leakage.weights.deduction_not_in_agreement !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.deduction_not_in_agreement) && value.modules.revenue_leakage.weights.deduction_not_in_agreement <= 1 && value.modules.revenue_leakage.weights.deduction_not_in_agreement >= 0) : true) &&
    (value.modules.revenue_leakage.weights.usage_stopped !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.usage_stopped) && value.modules.revenue_leakage.weights.usage_stopped <= 1 && value.modules.revenue_leakage.weights.usage_stopped >= 0) : true) &&
    (value.modules.revenue_leakage.weights.recurring_component_missing !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.recurring_component_missing) && value.modules.revenue_leakage.weights.recurring_component_missing <= 1 && value.modules.revenue_leakage.weights.recurring_component_missing >= 0) : true) &&
    (value.modules.revenue_leakage.weights.rental_period_not_billed !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.rental_period_not_billed) && value.modules.revenue_leakage.weights.rental_period_not_billed <= 1 && value.modules.revenue_leakage.weights.rental_period_not_billed >= 0) : true) &&
    (value.modules.revenue_leakage.weights.rental_billed_short_of_return !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.rental_billed_short_of_return) && value.modules.revenue_leakage.weights.rental_billed_short_of_return <= 1 && value.modules.revenue_leakage.weights.rental_billed_short_of_return >= 0) : true) &&
    (value.modules.revenue_leakage.weights.estimate_not_trued_up !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.estimate_not_trued_up) && value.modules.revenue_leakage.weights.estimate_not_trued_up <= 1 && value.modules.revenue_leakage.weights.estimate_not_trued_up >= 0) : true) &&
    (value.modules.revenue_leakage.weights.refund_beyond_schedule !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.refund_beyond_schedule) && value.modules.revenue_leakage.weights.refund_beyond_schedule <= 1 && value.modules.revenue_leakage.weights.refund_beyond_schedule >= 0) : true) &&
    (value.modules.revenue_leakage.weights.instalments_short_of_term !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.instalments_short_of_term) && value.modules.revenue_leakage.weights.instalments_short_of_term <= 1 && value.modules.revenue_leakage.weights.instalments_short_of_term >= 0) : true) &&
    (value.modules.revenue_leakage.weights.instalment_after_cancellation !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.instalment_after_cancellation) && value.modules.revenue_leakage.weights.instalment_after_cancellation <= 1 && value.modules.revenue_leakage.weights.instalment_after_cancellation >= 0) : true) &&
    (value.modules.revenue_leakage.weights.return_beyond_billed !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.return_beyond_billed) && value.modules.revenue_leakage.weights.return_beyond_billed <= 1 && value.modules.revenue_leakage.weights.return_beyond_billed >= 0) : true) &&
    (value.modules.revenue_leakage.weights.percent_charge_missing !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.percent_charge_missing) && value.modules.revenue_leakage.weights.percent_charge_missing <= 1 && value.modules.revenue_leakage.weights.percent_charge_missing >= 0) : true) &&
    (value.modules.revenue_leakage.weights.tax_below_rate !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.tax_below_rate) && value.modules.revenue_leakage.weights.tax_below_rate <= 1 && value.modules.revenue_leakage.weights.tax_below_rate >= 0) : true) &&
    (value.modules.revenue_leakage.weights.currency_mismatch !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.currency_mismatch) && value.modules.revenue_leakage.weights.currency_mismatch <= 1 && value.modules.revenue_leakage.weights.currency_mismatch >= 0) : true) &&
    (value.modules.revenue_leakage.weights.duplicate_invoice !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.duplicate_invoice) && value.modules.revenue_leakage.weights.duplicate_invoice <= 1 && value.modules.revenue_leakage.weights.duplicate_invoice >= 0) : true) &&
    (value.modules.revenue_leakage.weights.duplicate_credit_note !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.duplicate_credit_note) && value.modules.revenue_leakage.weights.duplicate_credit_note <= 1 && value.modules.revenue_leakage.weights.duplicate_credit_note >= 0) : true) &&
    (value.modules.revenue_leakage.weights.excessive_credit_note !== undefined ? (Number.isFinite(value.modules.revenue_leakage.weights.excessive_credit_note) && value.modules.revenue_leakage.weights.excessive_credit_note <= 1 && value.modules.revenue_leakage.weights.excessive_credit_note >= 0) : true) &&
    Object.getOwnPropertyNames(value.modules.revenue_leakage.weights).every(key => ['price_below_contract', 'price_above_contract', 'discount_above_cap', 'price_below_list', 'contract_price_outside_validity', 'zero_price_line', 'below_minimum_charge', 'unbilled_shipment', 'unbilled_recurring_charge', 'recurring_billed_beyond_service', 'quantity_above_delivered_count', 'discount_taken_after_terms', 'shortage_not_on_delivery', 'deduction_not_in_agreement', 'usage_stopped', 'recurring_component_missing', 'rental_period_not_billed', 'rental_billed_short_of_return', 'estimate_not_trued_up', 'refund_beyond_schedule', 'instalments_short_of_term', 'instalment_after_cancellation', 'return_beyond_billed', 'percent_charge_missing', 'tax_below_rate', 'currency_mismatch', 'duplicate_invoice', 'duplicate_credit_note', 'excessive_credit_note'].includes(key)) &&
    Object.getOwnPropertyNames(value.modules.revenue_leakage).length === 12 &&
    (typeof value.modules.anomaly_detection === 'object' && value.modules.anomaly_detection !== null && !Array.isArray(value.modules.anomaly_detection)) &&
    (typeof value.modules.anomaly_detection.outlier === 'object' && value.modules.anomaly_detection.outlier !== null && !Array.isArray(value.modules.anomaly_detection.outlier)) &&
    Number.isInteger(value.modules.anomaly_detection.outlier.min_history) &&
    value.modules.anomaly_detection.outlier.min_history >= 3 &&
    Number.isInteger(value.modules.anomaly_detection.outlier.routine_min_history) &&
    value.modules.anomaly_detection.outlier.routine_min_history >= 1 &&
    Number.isFinite(value.modules.anomaly_detection.outlier.threshold) &&
    value.modules.anomaly_detection.outlier.threshold >= 1 &&
    (typeof value.modules.anomaly_detection.outlier.two_sided === 'boolean') &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.outlier).length === 4 &&
    (((value.modules.anomaly_detection.categorical_fields === 'auto')) || (Array.isArray(value.modules.anomaly_detection.categorical_fields) && value.modules.anomaly_detection.categorical_fields.length <= 16 && value.modules.anomaly_detection.categorical_fields.every((value: any) => ((typeof value === 'string') && local_10.test(value))))) &&
    (typeof value.modules.anomaly_detection.rare_value === 'object' && value.modules.anomaly_detection.rare_value !== null && !Array.isArray(value.modules.anomaly_detection.rare_value)) &&
    Number.isInteger(value.modules.anomaly_detection.rare_value.min_history) &&
    value.modules.anomaly_detection.rare_value.min_history >= 10 &&
    Number.isInteger(value.modules.anomaly_detection.rare_value.max_count) &&
    value.modules.anomaly_detection.rare_value.max_count >= 0 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.rare_value).length === 2 &&
    (typeof value.modules.anomaly_detection.rare_combination === 'object' && value.modules.anomaly_detection.rare_combination !== null && !Array.isArray(value.modules.anomaly_detection.rare_combination)) &&
    Number.isFinite(value.modules.anomaly_detection.rare_combination.min_expected) &&
    value.modules.anomaly_detection.rare_combination.min_expected >= 1 &&
    Number.isInteger(value.modules.anomaly_detection.rare_combination.max_count) &&
    value.modules.anomaly_detection.rare_combination.max_count >= 0 &&
    Array.isArray(value.modules.anomaly_detection.rare_combination.habit_fields) &&
    value.modules.anomaly_detection.rare_combination.habit_fields.every((value: any) => ((typeof value === 'string') && value.length >= 1 && local_11.test(value))) &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.rare_combination).length === 3 &&
    (typeof value.modules.anomaly_detection.calendar === 'object' && value.modules.anomaly_detection.calendar !== null && !Array.isArray(value.modules.anomaly_detection.calendar)) &&
    (typeof value.modules.anomaly_detection.calendar.business_hours === 'object' && value.modules.anomaly_detection.calendar.business_hours !== null && !Array.isArray(value.modules.anomaly_detection.calendar.business_hours)) &&
    Number.isInteger(value.modules.anomaly_detection.calendar.business_hours.start) &&
    value.modules.anomaly_detection.calendar.business_hours.start <= 23 &&
    value.modules.anomaly_detection.calendar.business_hours.start >= 0 &&
    Number.isInteger(value.modules.anomaly_detection.calendar.business_hours.end) &&
    value.modules.anomaly_detection.calendar.business_hours.end <= 24 &&
    value.modules.anomaly_detection.calendar.business_hours.end >= 1 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.calendar.business_hours).length === 2 &&
    Array.isArray(value.modules.anomaly_detection.calendar.weekend_days) &&
    value.modules.anomaly_detection.calendar.weekend_days.length <= 7 &&
    value.modules.anomaly_detection.calendar.weekend_days.every((value: any) => (Number.isInteger(value) && value <= 6 && value >= 0)) &&
    Number.isInteger(value.modules.anomaly_detection.calendar.utc_offset_minutes) &&
    value.modules.anomaly_detection.calendar.utc_offset_minutes <= 840 &&
    value.modules.anomaly_detection.calendar.utc_offset_minutes >= -840 &&
    Number.isInteger(value.modules.anomaly_detection.calendar.period_end_days) &&
    value.modules.anomaly_detection.calendar.period_end_days <= 10 &&
    value.modules.anomaly_detection.calendar.period_end_days >= 0 &&
    Number.isFinite(value.modules.anomaly_detection.calendar.period_end_quantile) &&
    value.modules.anomaly_detection.calendar.period_end_quantile <= 1 &&
    value.modules.anomaly_detection.calendar.period_end_quantile >= 0 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.calendar).length === 5 &&
    (typeof value.modules.anomaly_detection.new_counterparty === 'object' && value.modules.anomaly_detection.new_counterparty !== null && !Array.isArray(value.modules.anomaly_detection.new_counterparty)) &&
    Number.isFinite(value.modules.anomaly_detection.new_counterparty.amount_quantile) &&
    value.modules.anomaly_detection.new_counterparty.amount_quantile <= 1 &&
    value.modules.anomaly_detection.new_counterparty.amount_quantile >= 0.5 &&
    Number.isInteger(value.modules.anomaly_detection.new_counterparty.warmup_days) &&
    value.modules.anomaly_detection.new_counterparty.warmup_days >= 0 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.new_counterparty).length === 2 &&
    (typeof value.modules.anomaly_detection.lookalike_counterparty === 'object' && value.modules.anomaly_detection.lookalike_counterparty !== null && !Array.isArray(value.modules.anomaly_detection.lookalike_counterparty)) &&
    (typeof value.modules.anomaly_detection.lookalike_counterparty.name_field === 'string') &&
    local_12.test(value.modules.anomaly_detection.lookalike_counterparty.name_field) &&
    Number.isInteger(value.modules.anomaly_detection.lookalike_counterparty.min_history) &&
    value.modules.anomaly_detection.lookalike_counterparty.min_history >= 3 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.lookalike_counterparty).length === 2 &&
    (typeof value.modules.anomaly_detection.off_period === 'object' && value.modules.anomaly_detection.off_period !== null && !Array.isArray(value.modules.anomaly_detection.off_period)) &&
    Array.isArray(value.modules.anomaly_detection.off_period.fields) &&
    value.modules.anomaly_detection.off_period.fields.every((value: any) => ((typeof value === 'string') && value.length >= 1 && local_13.test(value))) &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.off_period).length === 1 &&
    (typeof value.modules.anomaly_detection.dormant_user === 'object' && value.modules.anomaly_detection.dormant_user !== null && !Array.isArray(value.modules.anomaly_detection.dormant_user)) &&
    Number.isInteger(value.modules.anomaly_detection.dormant_user.min_active_days) &&
    value.modules.anomaly_detection.dormant_user.min_active_days >= 2 &&
    Number.isInteger(value.modules.anomaly_detection.dormant_user.min_weeks) &&
    value.modules.anomaly_detection.dormant_user.min_weeks >= 1 &&
    Number.isInteger(value.modules.anomaly_detection.dormant_user.min_gap_days) &&
    value.modules.anomaly_detection.dormant_user.min_gap_days >= 7 &&
    Number.isFinite(value.modules.anomaly_detection.dormant_user.gap_factor) &&
    value.modules.anomaly_detection.dormant_user.gap_factor >= 1 &&
    Number.isFinite(value.modules.anomaly_detection.dormant_user.business_active_share) &&
    value.modules.anomaly_detection.dormant_user.business_active_share <= 1 &&
    value.modules.anomaly_detection.dormant_user.business_active_share >= 0 &&
    Number.isInteger(value.modules.anomaly_detection.dormant_user.resume_window_days) &&
    value.modules.anomaly_detection.dormant_user.resume_window_days >= 1 &&
    Number.isFinite(value.modules.anomaly_detection.dormant_user.resume_share) &&
    value.modules.anomaly_detection.dormant_user.resume_share <= 1 &&
    value.modules.anomaly_detection.dormant_user.resume_share >= 0 &&
    Number.isFinite(value.modules.anomaly_detection.dormant_user.strong_missed_days) &&
    value.modules.anomaly_detection.dormant_user.strong_missed_days >= 0 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.dormant_user).length === 8 &&
    (typeof value.modules.anomaly_detection.late_posting === 'object' && value.modules.anomaly_detection.late_posting !== null && !Array.isArray(value.modules.anomaly_detection.late_posting)) &&
    Number.isInteger(value.modules.anomaly_detection.late_posting.close_gap_days) &&
    value.modules.anomaly_detection.late_posting.close_gap_days <= 366 &&
    value.modules.anomaly_detection.late_posting.close_gap_days >= 1 &&
    Number.isInteger(value.modules.anomaly_detection.late_posting.standing_lag_days) &&
    value.modules.anomaly_detection.late_posting.standing_lag_days >= 0 &&
    Number.isInteger(value.modules.anomaly_detection.late_posting.min_days_after_close) &&
    value.modules.anomaly_detection.late_posting.min_days_after_close >= 0 &&
    Number.isInteger(value.modules.anomaly_detection.late_posting.min_lag_days) &&
    value.modules.anomaly_detection.late_posting.min_lag_days >= 1 &&
    Number.isFinite(value.modules.anomaly_detection.late_posting.habit_factor) &&
    value.modules.anomaly_detection.late_posting.habit_factor <= 10 &&
    value.modules.anomaly_detection.late_posting.habit_factor >= 1 &&
    Number.isFinite(value.modules.anomaly_detection.late_posting.habit_quantile) &&
    value.modules.anomaly_detection.late_posting.habit_quantile <= 1 &&
    value.modules.anomaly_detection.late_posting.habit_quantile >= 0.5 &&
    Number.isInteger(value.modules.anomaly_detection.late_posting.min_history) &&
    value.modules.anomaly_detection.late_posting.min_history >= 1 &&
    Number.isInteger(value.modules.anomaly_detection.late_posting.high_after_close_days) &&
    value.modules.anomaly_detection.late_posting.high_after_close_days >= 0 &&
    Number.isInteger(value.modules.anomaly_detection.late_posting.audit_adjustment_days) &&
    value.modules.anomaly_detection.late_posting.audit_adjustment_days <= 366 &&
    value.modules.anomaly_detection.late_posting.audit_adjustment_days >= 0 &&
    (value.modules.anomaly_detection.late_posting.fiscal_calendar !== undefined ? ((typeof value.modules.anomaly_detection.late_posting.fiscal_calendar === 'object' && value.modules.anomaly_detection.late_posting.fiscal_calendar !== null && !Array.isArray(value.modules.anomaly_detection.late_posting.fiscal_calendar)) && (((value.modules.anomaly_detection.late_posting.fiscal_calendar.periods === '4-4-5')) || ((value.modules.anomaly_detection.late_posting.fiscal_calendar.periods === '4-5-4')) || ((value.modules.anomaly_detection.late_posting.fiscal_calendar.periods === '5-4-4')) || ((value.modules.anomaly_detection.late_posting.fiscal_calendar.periods === '13x4'))) && Array.isArray(value.modules.anomaly_detection.late_posting.fiscal_calendar.year_starts) && value.modules.anomaly_detection.late_posting.fiscal_calendar.year_starts.length <= 100 && value.modules.anomaly_detection.late_posting.fiscal_calendar.year_starts.length >= 1 && value.modules.anomaly_detection.late_posting.fiscal_calendar.year_starts.every((value: any) => ((typeof value === 'string') && local_14.test(value))) && Object.getOwnPropertyNames(value.modules.anomaly_detection.late_posting.fiscal_calendar).length === 2) : true) &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.late_posting).every(key => ['close_gap_days', 'standing_lag_days', 'min_days_after_close', 'min_lag_days', 'habit_factor', 'habit_quantile', 'min_history', 'high_after_close_days', 'audit_adjustment_days', 'fiscal_calendar'].includes(key)) &&
    (typeof value.modules.anomaly_detection.split_below_limit === 'object' && value.modules.anomaly_detection.split_below_limit !== null && !Array.isArray(value.modules.anomaly_detection.split_below_limit)) &&
    (((value.modules.anomaly_detection.split_below_limit.limits === 'auto')) || (Array.isArray(value.modules.anomaly_detection.split_below_limit.limits) && value.modules.anomaly_detection.split_below_limit.limits.length >= 1 && value.modules.anomaly_detection.split_below_limit.limits.every((value: any) => (Number.isFinite(value) && value > 0)))) &&
    Number.isFinite(value.modules.anomaly_detection.split_below_limit.band) &&
    value.modules.anomaly_detection.split_below_limit.band > 0 &&
    value.modules.anomaly_detection.split_below_limit.band <= 0.5 &&
    Number.isFinite(value.modules.anomaly_detection.split_below_limit.window_days) &&
    value.modules.anomaly_detection.split_below_limit.window_days <= 31 &&
    value.modules.anomaly_detection.split_below_limit.window_days >= 0 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.split_below_limit).length === 3 &&
    (typeof value.modules.anomaly_detection.isolation_forest === 'object' && value.modules.anomaly_detection.isolation_forest !== null && !Array.isArray(value.modules.anomaly_detection.isolation_forest)) &&
    (typeof value.modules.anomaly_detection.isolation_forest.enabled === 'boolean') &&
    Number.isInteger(value.modules.anomaly_detection.isolation_forest.trees) &&
    value.modules.anomaly_detection.isolation_forest.trees <= 1000 &&
    value.modules.anomaly_detection.isolation_forest.trees >= 10 &&
    Number.isInteger(value.modules.anomaly_detection.isolation_forest.sample_size) &&
    value.modules.anomaly_detection.isolation_forest.sample_size <= 4096 &&
    value.modules.anomaly_detection.isolation_forest.sample_size >= 16 &&
    Number.isInteger(value.modules.anomaly_detection.isolation_forest.seed) &&
    Number.isFinite(value.modules.anomaly_detection.isolation_forest.threshold) &&
    value.modules.anomaly_detection.isolation_forest.threshold <= 1 &&
    value.modules.anomaly_detection.isolation_forest.threshold >= 0.5 &&
    Number.isInteger(value.modules.anomaly_detection.isolation_forest.min_history) &&
    value.modules.anomaly_detection.isolation_forest.min_history >= 16 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.isolation_forest).length === 6 &&
    (typeof value.modules.anomaly_detection.population === 'object' && value.modules.anomaly_detection.population !== null && !Array.isArray(value.modules.anomaly_detection.population)) &&
    Number.isInteger(value.modules.anomaly_detection.population.min_size) &&
    value.modules.anomaly_detection.population.min_size >= 30 &&
    Number.isFinite(value.modules.anomaly_detection.population.round_unit) &&
    value.modules.anomaly_detection.population.round_unit > 0 &&
    Number.isFinite(value.modules.anomaly_detection.population.round_z) &&
    value.modules.anomaly_detection.population.round_z >= 0 &&
    Number.isFinite(value.modules.anomaly_detection.population.benford_mad) &&
    value.modules.anomaly_detection.population.benford_mad >= 0 &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.population).length === 4 &&
    (typeof value.modules.anomaly_detection.weights === 'object' && value.modules.anomaly_detection.weights !== null && !Array.isArray(value.modules.anomaly_detection.weights)) &&
    (value.modules.anomaly_detection.weights.amount_outlier_customer !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.amount_outlier_customer) && value.modules.anomaly_detection.weights.amount_outlier_customer <= 1 && value.modules.anomaly_detection.weights.amount_outlier_customer >= 0) : true) &&
    (value.modules.anomaly_detection.weights.amount_outlier_sku !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.amount_outlier_sku) && value.modules.anomaly_detection.weights.amount_outlier_sku <= 1 && value.modules.anomaly_detection.weights.amount_outlier_sku >= 0) : true) &&
    (value.modules.anomaly_detection.weights.amount_outlier_attribute !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.amount_outlier_attribute) && value.modules.anomaly_detection.weights.amount_outlier_attribute <= 1 && value.modules.anomaly_detection.weights.amount_outlier_attribute >= 0) : true) &&
    (value.modules.anomaly_detection.weights.amount_outlier_habit !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.amount_outlier_habit) && value.modules.anomaly_detection.weights.amount_outlier_habit <= 1 && value.modules.anomaly_detection.weights.amount_outlier_habit >= 0) : true) &&
    (value.modules.anomaly_detection.weights.rare_combination !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.rare_combination) && value.modules.anomaly_detection.weights.rare_combination <= 1 && value.modules.anomaly_detection.weights.rare_combination >= 0) : true) &&
    (value.modules.anomaly_detection.weights.rare_value !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.rare_value) && value.modules.anomaly_detection.weights.rare_value <= 1 && value.modules.anomaly_detection.weights.rare_value >= 0) : true) &&
    (value.modules.anomaly_detection.weights.weekend_posting !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.weekend_posting) && value.modules.anomaly_detection.weights.weekend_posting <= 1 && value.modules.anomaly_detection.weights.weekend_posting >= 0) : true) &&
    (value.modules.anomaly_detection.weights.out_of_hours_posting !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.out_of_hours_posting) && value.modules.anomaly_detection.weights.out_of_hours_posting <= 1 && value.modules.anomaly_detection.weights.out_of_hours_posting >= 0) : true) &&
    (value.modules.anomaly_detection.weights.out_of_hours_for_user !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.out_of_hours_for_user) && value.modules.anomaly_detection.weights.out_of_hours_for_user <= 1 && value.modules.anomaly_detection.weights.out_of_hours_for_user >= 0) : true) &&
    (value.modules.anomaly_detection.weights.period_end_posting !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.period_end_posting) && value.modules.anomaly_detection.weights.period_end_posting <= 1 && value.modules.anomaly_detection.weights.period_end_posting >= 0) : true) &&
    (value.modules.anomaly_detection.weights.new_counterparty_large_amount !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.new_counterparty_large_amount) && value.modules.anomaly_detection.weights.new_counterparty_large_amount <= 1 && value.modules.anomaly_detection.weights.new_counterparty_large_amount >= 0) : true) &&
    (value.modules.anomaly_detection.weights.lookalike_counterparty !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.lookalike_counterparty) && value.modules.anomaly_detection.weights.lookalike_counterparty <= 1 && value.modules.anomaly_detection.weights.lookalike_counterparty >= 0) : true) &&
    (value.modules.anomaly_detection.weights.dormant_user_posting !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.dormant_user_posting) && value.modules.anomaly_detection.weights.dormant_user_posting <= 1 && value.modules.anomaly_detection.weights.dormant_user_posting >= 0) : true) &&
    (value.modules.anomaly_detection.weights.posting_to_ended_value !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.posting_to_ended_value) && value.modules.anomaly_detection.weights.posting_to_ended_value <= 1 && value.modules.anomaly_detection.weights.posting_to_ended_value >= 0) : true) &&
    (value.modules.anomaly_detection.weights.off_period_posting !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.off_period_posting) && value.modules.anomaly_detection.weights.off_period_posting <= 1 && value.modules.anomaly_detection.weights.off_period_posting >= 0) : true) &&
    (value.modules.anomaly_detection.weights.posting_after_end_date !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.posting_after_end_date) && value.modules.anomaly_detection.weights.posting_after_end_date <= 1 && value.modules.anomaly_detection.weights.posting_after_end_date >= 0) : true) &&
    (value.modules.anomaly_detection.weights.other_payees_bank_account !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.other_payees_bank_account) && value.modules.anomaly_detection.weights.other_payees_bank_account <= 1 && value.modules.anomaly_detection.weights.other_payees_bank_account >= 0) : true) &&
    (value.modules.anomaly_detection.weights.payee_bank_account_changed !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.payee_bank_account_changed) && value.modules.anomaly_detection.weights.payee_bank_account_changed <= 1 && value.modules.anomaly_detection.weights.payee_bank_account_changed >= 0) : true) &&
    (value.modules.anomaly_detection.weights.late_posting !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.late_posting) && value.modules.anomaly_detection.weights.late_posting <= 1 && value.modules.anomaly_detection.weights.late_posting >= 0) : true) &&
    (value.modules.anomaly_detection.weights.accrual_not_reversed !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.accrual_not_reversed) && value.modules.anomaly_detection.weights.accrual_not_reversed <= 1 && value.modules.anomaly_detection.weights.accrual_not_reversed >= 0) : true) &&
    (value.modules.anomaly_detection.weights.split_below_approval_limit !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.split_below_approval_limit) && value.modules.anomaly_detection.weights.split_below_approval_limit <= 1 && value.modules.anomaly_detection.weights.split_below_approval_limit >= 0) : true) &&
    (value.modules.anomaly_detection.weights.isolation_forest !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.isolation_forest) && value.modules.anomaly_detection.weights.isolation_forest <= 1 && value.modules.anomaly_detection.weights.isolation_forest >= 0) : true) &&
    (value.modules.anomaly_detection.weights.round_amount_excess !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.round_amount_excess) && value.modules.anomaly_detection.weights.round_amount_excess <= 1 && value.modules.anomaly_detection.weights.round_amount_excess >= 0) : true) &&
    (value.modules.anomaly_detection.weights.benford_deviation !== undefined ? (Number.isFinite(value.modules.anomaly_detection.weights.benford_deviation) && value.modules.anomaly_detection.weights.benford_deviation <= 1 && value.modules.anomaly_detection.weights.benford_deviation >= 0) : true) &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection.weights).every(key => ['amount_outlier_customer', 'amount_outlier_sku', 'amount_outlier_attribute', 'amount_outlier_habit', 'rare_combination', 'rare_value', 'weekend_posting', 'out_of_hours_posting', 'out_of_hours_for_user', 'period_end_posting', 'new_counterparty_large_amount', 'lookalike_counterparty', 'dormant_user_posting', 'posting_to_ended_value', 'off_period_posting', 'posting_after_end_date', 'other_payees_bank_account', 'payee_bank_account_changed', 'late_posting', 'accrual_not_reversed', 'split_below_approval_limit', 'isolation_forest', 'round_amount_excess', 'benford_deviation'].includes(key)) &&
    Object.getOwnPropertyNames(value.modules.anomaly_detection).length === 14 &&
    (typeof value.modules.duplicate_detection === 'object' && value.modules.duplicate_detection !== null && !Array.isArray(value.modules.duplicate_detection)) &&
    Number.isFinite(value.modules.duplicate_detection.window_days) &&
    value.modules.duplicate_detection.window_days <= 366 &&
    value.modules.duplicate_detection.window_days >= 0 &&
    (typeof value.modules.duplicate_detection.journal_field === 'string') &&
    value.modules.duplicate_detection.journal_field.length >= 1 &&
    local_15.test(value.modules.duplicate_detection.journal_field) &&
    Number.isInteger(value.modules.duplicate_detection.journal_window_days) &&
    value.modules.duplicate_detection.journal_window_days <= 31 &&
    value.modules.duplicate_detection.journal_window_days >= 0 &&
    (typeof value.modules.duplicate_detection.weights === 'object' && value.modules.duplicate_detection.weights !== null && !Array.isArray(value.modules.duplicate_detection.weights)) &&
    (value.modules.duplicate_detection.weights.duplicate_invoice !== undefined ? (Number.isFinite(value.modules.duplicate_detection.weights.duplicate_invoice) && value.modules.duplicate_detection.weights.duplicate_invoice <= 1 && value.modules.duplicate_detection.weights.duplicate_invoice >= 0) : true) &&
    (value.modules.duplicate_detection.weights.duplicate_payment !== undefined ? (Number.isFinite(value.modules.duplicate_detection.weights.duplicate_payment) && value.modules.duplicate_detection.weights.duplicate_payment <= 1 && value.modules.duplicate_detection.weights.duplicate_payment >= 0) : true) &&
    (value.modules.duplicate_detection.weights.duplicate_journal !== undefined ? (Number.isFinite(value.modules.duplicate_detection.weights.duplicate_journal) && value.modules.duplicate_detection.weights.duplicate_journal <= 1 && value.modules.duplicate_detection.weights.duplicate_journal >= 0) : true) &&
    (value.modules.duplicate_detection.weights.accrual_reversed_twice !== undefined ? (Number.isFinite(value.modules.duplicate_detection.weights.accrual_reversed_twice) && value.modules.duplicate_detection.weights.accrual_reversed_twice <= 1 && value.modules.duplicate_detection.weights.accrual_reversed_twice >= 0) : true) &&
    (value.modules.duplicate_detection.weights.duplicate_credit_note !== undefined ? (Number.isFinite(value.modules.duplicate_detection.weights.duplicate_credit_note) && value.modules.duplicate_detection.weights.duplicate_credit_note <= 1 && value.modules.duplicate_detection.weights.duplicate_credit_note >= 0) : true) &&
    (value.modules.duplicate_detection.weights.excessive_credit_note !== undefined ? (Number.isFinite(value.modules.duplicate_detection.weights.excessive_credit_note) && value.modules.duplicate_detection.weights.excessive_credit_note <= 1 && value.modules.duplicate_detection.weights.excessive_credit_note >= 0) : true) &&
    Object.getOwnPropertyNames(value.modules.duplicate_detection.weights).every(key => ['duplicate_invoice', 'duplicate_payment', 'duplicate_journal', 'accrual_reversed_twice', 'duplicate_credit_note', 'excessive_credit_note'].includes(key)) &&
    Object.getOwnPropertyNames(value.modules.duplicate_detection).length === 4 &&
    (typeof value.modules.compliance === 'object' && value.modules.compliance !== null && !Array.isArray(value.modules.compliance)) &&
    (typeof value.modules.compliance.approver_limits === 'object' && value.modules.compliance.approver_limits !== null && !Array.isArray(value.modules.compliance.approver_limits) && !(value.modules.compliance.approver_limits instanceof Date) && !(value.modules.compliance.approver_limits instanceof Uint8Array)) &&
    (Object.entries(value.modules.compliance.approver_limits).every(([key, value]) => (local_16.test(key) ? (Number.isFinite(value) && value >= 0) : true))) &&
    ((Number.isFinite(value.modules.compliance.default_approver_limit) && value.modules.compliance.default_approver_limit >= 0) || ((value.modules.compliance.default_approver_limit === null))) &&
    (typeof value.modules.compliance.self_approval === 'object' && value.modules.compliance.self_approval !== null && !Array.isArray(value.modules.compliance.self_approval)) &&
    Number.isInteger(value.modules.compliance.self_approval.standing_months) &&
    value.modules.compliance.self_approval.standing_months <= 120 &&
    value.modules.compliance.self_approval.standing_months >= 0 &&
    Number.isInteger(value.modules.compliance.self_approval.covering_kinds) &&
    value.modules.compliance.self_approval.covering_kinds <= 100000 &&
    value.modules.compliance.self_approval.covering_kinds >= 0 &&
    Object.getOwnPropertyNames(value.modules.compliance.self_approval).length === 2 &&
    (typeof value.modules.compliance.grants === 'object' && value.modules.compliance.grants !== null && !Array.isArray(value.modules.compliance.grants)) &&
    (typeof value.modules.compliance.grants.field === 'string') &&
    local_17.test(value.modules.compliance.grants.field) &&
    (typeof value.modules.compliance.grants.account_field === 'string') &&
    local_18.test(value.modules.compliance.grants.account_field) &&
    Array.isArray(value.modules.compliance.grants.cost_accounts) &&
    value.modules.compliance.grants.cost_accounts.every((value: any) => ((typeof value === 'string') && value.length >= 1)) &&
    Array.isArray(value.modules.compliance.grants.unallowable_accounts) &&
    value.modules.compliance.grants.unallowable_accounts.every((value: any) => ((typeof value === 'string') && value.length >= 1)) &&
    Array.isArray(value.modules.compliance.grants.awards) &&
    value.modules.compliance.grants.awards.every((value: any) => ((typeof value === 'object' && value !== null && !Array.isArray(value)) && (typeof value.id === 'string') && value.id.length >= 1 && (value.start !== undefined ? ((typeof value.start === 'string') && local_19.test(value.start)) : true) && (value.end !== undefined ? ((typeof value.end === 'string') && local_20.test(value.end)) : true) && (value.allowed_accounts !== undefined ? (Array.isArray(value.allowed_accounts) && value.allowed_accounts.every((value: any) => ((typeof value === 'string') && value.length >= 1))) : true) && (value.unallowable_accounts !== undefined ? (Array.isArray(value.unallowable_accounts) && value.unallowable_accounts.every((value: any) => ((typeof value === 'string') && value.length >= 1))) : true) && Object.getOwnPropertyNames(value).every(key => ['id', 'start', 'end', 'allowed_accounts', 'unallowable_accounts'].includes(key)))) &&
    Object.getOwnPropertyNames(value.modules.compliance.grants).length === 5 &&
    (typeof value.modules.compliance.restriction_releases === 'object' && value.modules.compliance.restriction_releases !== null && !Array.isArray(value.modules.compliance.restriction_releases)) &&
    Array.isArray(value.modules.compliance.restriction_releases.accounts) &&
    value.modules.compliance.restriction_releases.accounts.every((value: any) => ((typeof value === 'string') && value.length >= 1)) &&
    (typeof value.modules.compliance.restriction_releases.account_field === 'string') &&
    local_21.test(value.modules.compliance.restriction_releases.account_field) &&
    Array.isArray(value.modules.compliance.restriction_releases.authorized_users) &&
    value.modules.compliance.restriction_releases.authorized_users.every((value: any) => ((typeof value === 'string') && value.length >= 1)) &&
    Object.getOwnPropertyNames(value.modules.compliance.restriction_releases).length === 3 &&
    (typeof value.modules.compliance.weights === 'object' && value.modules.compliance.weights !== null && !Array.isArray(value.modules.compliance.weights)) &&
    (value.modules.compliance.weights.self_approval !== undefined ? (Number.isFinite(value.modules.compliance.weights.self_approval) && value.modules.compliance.weights.self_approval <= 1 && value.modules.compliance.weights.self_approval >= 0) : true) &&
    (value.modules.compliance.weights.approval_limit_exceeded !== undefined ? (Number.isFinite(value.modules.compliance.weights.approval_limit_exceeded) && value.modules.compliance.weights.approval_limit_exceeded <= 1 && value.modules.compliance.weights.approval_limit_exceeded >= 0) : true) &&
    (value.modules.compliance.weights.grant_unallowable_cost !== undefined ? (Number.isFinite(value.modules.compliance.weights.grant_unallowable_cost) && value.modules.compliance.weights.grant_unallowable_cost <= 1 && value.modules.compliance.weights.grant_unallowable_cost >= 0) : true) &&
    (value.modules.compliance.weights.grant_cost_outside_period !== undefined ? (Number.isFinite(value.modules.compliance.weights.grant_cost_outside_period) && value.modules.compliance.weights.grant_cost_outside_period <= 1 && value.modules.compliance.weights.grant_cost_outside_period >= 0) : true) &&
    (value.modules.compliance.weights.restriction_release_unauthorized !== undefined ? (Number.isFinite(value.modules.compliance.weights.restriction_release_unauthorized) && value.modules.compliance.weights.restriction_release_unauthorized <= 1 && value.modules.compliance.weights.restriction_release_unauthorized >= 0) : true) &&
    Object.getOwnPropertyNames(value.modules.compliance.weights).every(key => ['self_approval', 'approval_limit_exceeded', 'grant_unallowable_cost', 'grant_cost_outside_period', 'restriction_release_unauthorized'].includes(key)) &&
    Object.getOwnPropertyNames(value.modules.compliance).length === 6 &&
    (typeof value.modules.scoring === 'object' && value.modules.scoring !== null && !Array.isArray(value.modules.scoring)) &&
    (typeof value.modules.scoring.risk_levels === 'object' && value.modules.scoring.risk_levels !== null && !Array.isArray(value.modules.scoring.risk_levels)) &&
    Number.isFinite(value.modules.scoring.risk_levels.medium) &&
    value.modules.scoring.risk_levels.medium <= 100 &&
    value.modules.scoring.risk_levels.medium >= 0 &&
    Number.isFinite(value.modules.scoring.risk_levels.high) &&
    value.modules.scoring.risk_levels.high <= 100 &&
    value.modules.scoring.risk_levels.high >= 0 &&
    Number.isFinite(value.modules.scoring.risk_levels.critical) &&
    value.modules.scoring.risk_levels.critical <= 100 &&
    value.modules.scoring.risk_levels.critical >= 0 &&
    Object.getOwnPropertyNames(value.modules.scoring.risk_levels).length === 3 &&
    Object.getOwnPropertyNames(value.modules.scoring).length === 1 &&
    (typeof value.modules.context === 'object' && value.modules.context !== null && !Array.isArray(value.modules.context)) &&
    Number.isInteger(value.modules.context.ttl_s) &&
    value.modules.context.ttl_s <= 86400 &&
    value.modules.context.ttl_s >= 0 &&
    Number.isInteger(value.modules.context.history_limit) &&
    value.modules.context.history_limit <= 5000000 &&
    value.modules.context.history_limit >= 0 &&
    Object.getOwnPropertyNames(value.modules.context).length === 2 &&
    Object.getOwnPropertyNames(value.modules).length === 6 &&
    Array.isArray(value.rules) &&
    value.rules.length <= 1000 &&
    value.rules.every((value: any) => ((typeof value === 'object' && value !== null && !Array.isArray(value)) && (typeof value.id === 'string') && local_22.test(value.id) && (((typeof value.module === 'string') && value.module.length >= 1) || (Array.isArray(value.module) && value.module.length >= 1 && value.module.every((value: any) => ((typeof value === 'string') && value.length >= 1)))) && (typeof value.when === 'string') && value.when.length <= 4000 && value.when.length >= 1 && (((value.severity === 'low')) || ((value.severity === 'medium')) || ((value.severity === 'high')) || ((value.severity === 'critical'))) && (value.message !== undefined ? ((typeof value.message === 'string') && value.message.length <= 1000 && value.message.length >= 1) : true) && (value.amount_at_risk !== undefined ? ((typeof value.amount_at_risk === 'string') && value.amount_at_risk.length <= 4000 && value.amount_at_risk.length >= 1) : true) && (((value.action === 'flag')) || ((value.action === 'suppress'))) && (value.suppress !== undefined ? (Array.isArray(value.suppress) && value.suppress.length <= 100 && value.suppress.length >= 1 && value.suppress.every((value: any) => ((typeof value === 'string') && value.length >= 1))) : true) && (typeof value.enabled === 'boolean') && Object.getOwnPropertyNames(value).every(key => ['id', 'module', 'when', 'severity', 'message', 'amount_at_risk', 'action', 'suppress', 'enabled'].includes(key)))) &&
    (typeof value.learning === 'object' && value.learning !== null && !Array.isArray(value.learning)) &&
    Number.isFinite(value.learning.every_h) &&
    value.learning.every_h <= 576 &&
    value.learning.every_h >= 0 &&
    Number.isInteger(value.learning.min_new_labels) &&
    value.learning.min_new_labels <= 100000 &&
    value.learning.min_new_labels >= 1 &&
    Object.getOwnPropertyNames(value.learning).length === 2 &&
    Array.isArray(value.connectors) &&
    value.connectors.every((value: any) => ((typeof value === 'object' && value !== null && !Array.isArray(value)) && (typeof value.id === 'string') && local_23.test(value.id) && (((value.type === 'csv')) || ((value.type === 'sqlite')) || ((value.type === 'postgres')) || ((value.type === 'mysql')) || ((value.type === 'http')) || ((value.type === 'inline'))) && (value.name !== undefined ? ((typeof value.name === 'string')) : true) && (value.description !== undefined ? ((typeof value.description === 'string')) : true) && (typeof value.enabled === 'boolean') && (value.accounts !== undefined ? (Array.isArray(value.accounts) && value.accounts.every((value: any) => ((typeof value === 'string')))) : true) && (value.transactions !== undefined ? ((typeof value.transactions === 'string') && value.transactions.length >= 1) : true) && (value.reference !== undefined ? ((typeof value.reference === 'object' && value.reference !== null && !Array.isArray(value.reference)) && (value.reference.contracts !== undefined ? ((typeof value.reference.contracts === 'string') && value.reference.contracts.length >= 1) : true) && (value.reference.price_list !== undefined ? ((typeof value.reference.price_list === 'string') && value.reference.price_list.length >= 1) : true) && (value.reference.shipments !== undefined ? ((typeof value.reference.shipments === 'string') && value.reference.shipments.length >= 1) : true) && (value.reference.exchange_rates !== undefined ? ((typeof value.reference.exchange_rates === 'string') && value.reference.exchange_rates.length >= 1) : true) && Object.getOwnPropertyNames(value.reference).every(key => ['contracts', 'price_list', 'shipments', 'exchange_rates'].includes(key))) : true) && (value.mapping !== undefined ? ((typeof value.mapping === 'object' && value.mapping !== null && !Array.isArray(value.mapping) && !(value.mapping instanceof Date) && !(value.mapping instanceof Uint8Array)) && (Object.entries(value.mapping).every(([key, value]) => (local_24.test(key) ? ((((typeof value === 'string') && value.length >= 1) || (Array.isArray(value) && value.length >= 1 && value.every((value: any) => ((typeof value === 'string') && value.length >= 1))))) : true)))) : true) && (value.type_values !== undefined ? ((typeof value.type_values === 'object' && value.type_values !== null && !Array.isArray(value.type_values) && !(value.type_values instanceof Date) && !(value.type_values instanceof Uint8Array)) && (Object.entries(value.type_values).every(([key, value]) => (local_25.test(key) ? ((typeof value === 'string')) : true)))) : true) && (value.reference_mapping !== undefined ? ((typeof value.reference_mapping === 'object' && value.reference_mapping !== null && !Array.isArray(value.reference_mapping)) && (value.reference_mapping.contracts !== undefined ? ((typeof value.reference_mapping.contracts === 'object' && value.reference_mapping.contracts !== null && !Array.isArray(value.reference_mapping.contracts) && !(value.reference_mapping.contracts instanceof Date) && !(value.reference_mapping.contracts instanceof Uint8Array)) && (Object.entries(value.reference_mapping.contracts).every(([key, value]) => (local_26.test(key) ? ((((typeof value === 'string') && value.length >= 1) || (Array.isArray(value) && value.length >= 1 && value.every((value: any) => ((typeof value === 'string') && value.length >= 1))))) : true)))) : true) && (value.reference_mapping.price_list !== undefined ? ((typeof value.reference_mapping.price_list === 'object' && value.reference_mapping.price_list !== null && !Array.isArray(value.reference_mapping.price_list) && !(value.reference_mapping.price_list instanceof Date) && !(value.reference_mapping.price_list instanceof Uint8Array)) && (Object.entries(value.reference_mapping.price_list).every(([key, value]) => (local_27.test(key) ? ((((typeof value === 'string') && value.length >= 1) || (Array.isArray(value) && value.length >= 1 && value.every((value: any) => ((typeof value === 'string') && value.length >= 1))))) : true)))) : true) && (value.reference_mapping.shipments !== undefined ? ((typeof value.reference_mapping.shipments === 'object' && value.reference_mapping.shipments !== null && !Array.isArray(value.reference_mapping.shipments) && !(value.reference_mapping.shipments instanceof Date) && !(value.reference_mapping.shipments instanceof Uint8Array)) && (Object.entries(value.reference_mapping.shipments).every(([key, value]) => (local_28.test(key) ? ((((typeof value === 'string') && value.length >= 1) || (Array.isArray(value) && value.length >= 1 && value.every((value: any) => ((typeof value === 'string') && value.length >= 1))))) : true)))) : true) && (value.reference_mapping.exchange_rates !== undefined ? ((typeof value.reference_mapping.exchange_rates === 'object' && value.reference_mapping.exchange_rates !== null && !Array.isArray(value.reference_mapping.exchange_rates) && !(value.reference_mapping.exchange_rates instanceof Date) && !(value.reference_mapping.exchange_rates instanceof Uint8Array)) && (Object.entries(value.reference_mapping.exchange_rates).every(([key, value]) => (local_29.test(key) ? ((((typeof value === 'string') && value.length >= 1) || (Array.isArray(value) && value.length >= 1 && value.every((value: any) => ((typeof value === 'string') && value.length >= 1))))) : true)))) : true) && Object.getOwnPropertyNames(value.reference_mapping).every(key => ['contracts', 'price_list', 'shipments', 'exchange_rates'].includes(key))) : true) && Number.isInteger(value.timeout_ms) && value.timeout_ms <= 600000 && value.timeout_ms >= 1 && Number.isInteger(value.scan_timeout_s) && value.scan_timeout_s <= 86400 && value.scan_timeout_s >= 1 && Number.isFinite(value.reference_ttl_s) && value.reference_ttl_s <= 86400 && value.reference_ttl_s >= 0 && (typeof value.status === 'object' && value.status !== null && !Array.isArray(value.status)) && Number.isFinite(value.status.interval_s) && value.status.interval_s <= 86400 && value.status.interval_s >= 0.05 && Number.isInteger(value.status.slow_ms) && value.status.slow_ms <= 600000 && value.status.slow_ms >= 1 && Number.isInteger(value.status.unreachable_after) && value.status.unreachable_after <= 1000 && value.status.unreachable_after >= 1 && Number.isInteger(value.status.recover_after) && value.status.recover_after <= 1000 && value.status.recover_after >= 1 && Object.getOwnPropertyNames(value.status).length === 4 && (typeof value.csv === 'object' && value.csv !== null && !Array.isArray(value.csv)) && (value.csv.delimiter !== undefined ? ((typeof value.csv.delimiter === 'string') && value.csv.delimiter.length <= 1 && value.csv.delimiter.length >= 1) : true) && (value.csv.decimal !== undefined ? ((((value.csv.decimal === '.')) || ((value.csv.decimal === ',')))) : true) && (((value.csv.thousands === '')) || ((value.csv.thousands === ',')) || ((value.csv.thousands === '.')) || ((value.csv.thousands === ' ')) || ((value.csv.thousands === '\''))) && (value.csv.date_format !== undefined ? ((typeof value.csv.date_format === 'string') && value.csv.date_format.length >= 1) : true) && Number.isInteger(value.csv.header_row) && value.csv.header_row <= 1000 && value.csv.header_row >= 1 && (typeof value.csv.pattern === 'string') && value.csv.pattern.length >= 1 && (((value.csv.encoding === 'auto')) || ((value.csv.encoding === 'utf-8')) || ((value.csv.encoding === 'windows-1252')) || ((value.csv.encoding === 'iso-8859-1')) || ((value.csv.encoding === 'iso-8859-15'))) && Object.getOwnPropertyNames(value.csv).every(key => ['delimiter', 'decimal', 'thousands', 'date_format', 'header_row', 'pattern', 'encoding'].includes(key)) && (value.path !== undefined ? ((typeof value.path === 'string') && value.path.length >= 1) : true) && (value.url !== undefined ? ((typeof value.url === 'string') && value.url.length >= 1) : true) && Number.isInteger(value.pool_size) && value.pool_size <= 100 && value.pool_size >= 1 && (value.line_order !== undefined ? ((typeof value.line_order === 'string') && value.line_order.length >= 1) : true) && Number.isInteger(value.batch_size) && value.batch_size <= 100000 && value.batch_size >= 10 && (value.lookup !== undefined ? ((typeof value.lookup === 'string') && value.lookup.length >= 1) : true) && (value.auth !== undefined ? ((typeof value.auth === 'object' && value.auth !== null && !Array.isArray(value.auth)) && (value.auth.bearer !== undefined ? ((typeof value.auth.bearer === 'string') && value.auth.bearer.length >= 1) : true) && (value.auth.basic !== undefined ? ((typeof value.auth.basic === 'object' && value.auth.basic !== null && !Array.isArray(value.auth.basic)) && (typeof value.auth.basic.username === 'string') && (typeof value.auth.basic.password === 'string') && Object.getOwnPropertyNames(value.auth.basic).length === 2) : true) && Object.getOwnPropertyNames(value.auth).every(key => ['bearer', 'basic'].includes(key))) : true) && (value.headers !== undefined ? ((typeof value.headers === 'object' && value.headers !== null && !Array.isArray(value.headers) && !(value.headers instanceof Date) && !(value.headers instanceof Uint8Array)) && (Object.entries(value.headers).every(([key, value]) => (local_30.test(key) ? ((typeof value === 'string')) : true)))) : true) && Number.isInteger(value.max_response_bytes) && value.max_response_bytes <= 1073741824 && value.max_response_bytes >= 1024 && Number.isInteger(value.retries) && value.retries <= 10 && value.retries >= 0 && Number.isInteger(value.backoff_ms) && value.backoff_ms <= 60000 && value.backoff_ms >= 0 && Number.isInteger(value.max_redirects) && value.max_redirects <= 10 && value.max_redirects >= 0 && Array.isArray(value.allow_hosts) && value.allow_hosts.every((value: any) => ((typeof value === 'string') && value.length >= 1)) && Object.getOwnPropertyNames(value).every(key => ['id', 'type', 'name', 'description', 'enabled', 'accounts', 'transactions', 'reference', 'mapping', 'type_values', 'reference_mapping', 'timeout_ms', 'scan_timeout_s', 'reference_ttl_s', 'status', 'csv', 'path', 'url', 'pool_size', 'line_order', 'batch_size', 'lookup', 'auth', 'headers', 'max_response_bytes', 'retries', 'backoff_ms', 'max_redirects', 'allow_hosts'].includes(key)))) &&
    (typeof value.dashboard === 'object' && value.dashboard !== null && !Array.isArray(value.dashboard)) &&
    (typeof value.dashboard.enabled === 'boolean') &&
    (value.dashboard.public_url !== undefined ? ((typeof value.dashboard.public_url === 'string') && value.dashboard.public_url.length <= 512 && local_31.test(value.dashboard.public_url)) : true) &&
    Number.isInteger(value.dashboard.session_idle_minutes) &&
    value.dashboard.session_idle_minutes <= 10080 &&
    value.dashboard.session_idle_minutes >= 1 &&
    Number.isFinite(value.dashboard.session_absolute_hours) &&
    value.dashboard.session_absolute_hours <= 720 &&
    value.dashboard.session_absolute_hours >= 0.1 &&
    Number.isFinite(value.dashboard.setup_link_hours) &&
    value.dashboard.setup_link_hours <= 720 &&
    value.dashboard.setup_link_hours >= 0.1 &&
    (typeof value.dashboard.sign_in === 'object' && value.dashboard.sign_in !== null && !Array.isArray(value.dashboard.sign_in)) &&
    Number.isInteger(value.dashboard.sign_in.per_address_per_minute) &&
    value.dashboard.sign_in.per_address_per_minute <= 100000 &&
    value.dashboard.sign_in.per_address_per_minute >= 1 &&
    Number.isInteger(value.dashboard.sign_in.per_user_per_minute) &&
    value.dashboard.sign_in.per_user_per_minute <= 100000 &&
    value.dashboard.sign_in.per_user_per_minute >= 1 &&
    Object.getOwnPropertyNames(value.dashboard.sign_in).length === 2 &&
    Object.getOwnPropertyNames(value.dashboard).every(key => ['enabled', 'public_url', 'session_idle_minutes', 'session_absolute_hours', 'setup_link_hours', 'sign_in'].includes(key)) &&
    Object.getOwnPropertyNames(value).length === 14
  )
}
})();
