import { describe, expect, test } from "bun:test";
import { parseConfig, yamlPath } from "../../src/config/load.ts";
import { configProblems as problems } from "../support/config.ts";
import { reportScanWorkers } from "../../src/reports/scan-workers.ts";

describe("config", () => {
  test("an empty file is a complete config with defaults", () => {
    const c = parseConfig("", "/etc/assay/assay.yaml", {});
    expect(c.server.port).toBe(8080);
    expect(c.server.max_body_bytes).toBe(1_048_576);
    expect(c.storage.path).toBe("/etc/assay/data/assay.db");
    expect(c.security.signature).toEqual({ timestamp: "optional", tolerance_s: 300, scope: "body" });
    expect(c.alerts.auto_threshold).toBe(70);
    expect(c.connectors).toEqual([]);
  });

  test("relative paths resolve against the file's folder; absolute stay", () => {
    const c = parseConfig("storage: { path: ../db/a.db }\nsecurity: { master_key_file: /secrets/m.key }", "/etc/assay/assay.yaml", {});
    expect(c.storage.path).toBe("/etc/db/a.db");
    expect(c.security.master_key_file).toBe("/secrets/m.key");
  });

  test("${NAME} is replaced from the environment; an unset one is an error with its path", () => {
    const c = parseConfig("server: { host: '${HOST}' }", "/x/a.yaml", { HOST: "0.0.0.0" });
    expect(c.server.host).toBe("0.0.0.0");
    expect(problems("server: { host: '${NOPE}' }")).toEqual(["server.host: environment variable NOPE is not set"]);
  });

  // Fifteenth attack pass: `host: " "` (a variable holding a space, a stray quote) passed the
  // check and `assay serve` then failed to resolve it; a host with white space is no address.
  test("server.host with white space in it is refused under its path", () => {
    for (const host of [" ", " 127.0.0.1", "127.0.0.1 ", "evil host"]) {
      expect(problems(`server: { host: ${JSON.stringify(host)} }`)).toEqual([expect.stringMatching(/^server\.host: /)]);
    }
    expect(problems("server: { host: '::' }")).toEqual([]);
  });

  test("unknown keys, wrong types and bad enums are reported one per line with their YAML path", () => {
    const found = problems(`
server: { port: "eighty", colour: blue }
storage: { synchronous: SOMETIMES }
plans: { gold: { per_second: 0, per_minute: 10 } }
connectors:
  - { id: billing, type: csv }
  - { id: crm, type: oracle }
bogus: 1
`);
    expect(found).toContain("server.colour: unknown key");
    expect(found.some((p) => p.startsWith("server.port: "))).toBe(true);
    expect(found).toContain('storage.synchronous: must be one of "FULL", "NORMAL"');
    expect(found.some((p) => p.startsWith("plans.gold.per_second: "))).toBe(true);
    expect(found.some((p) => p.startsWith("connectors[1].type: "))).toBe(true);
    expect(found).toContain("bogus: unknown key");
    expect(new Set(found).size).toBe(found.length);
  });

  test("a key named __proto__ is refused with its path wherever it is, not dropped (eighth attack pass)", () => {
    // The copy of the YAML assigned it (out["__proto__"] = …), which sets a prototype instead of a
    // key: `server: { __proto__: { port: 99 } }` and `plans: { __proto__: … }` passed \`config check\`
    // as "ok" and were silently ignored, where every other unknown key is an error.
    expect(problems("server: { host: 127.0.0.1, __proto__: { port: 99, max_body_bytes: -5 } }\n")).toEqual([
      "server.__proto__: a key named __proto__ is not allowed in the configuration",
    ]);
    expect(problems("__proto__: { server: { port: 1 } }\n")).toEqual(["__proto__: a key named __proto__ is not allowed in the configuration"]);
    expect(problems("plans: { __proto__: { per_second: 1, per_minute: 2 } }\n")).toEqual([
      "plans.__proto__: a key named __proto__ is not allowed in the configuration",
    ]);
    expect(problems("modules: { compliance: { approver_limits: { __proto__: 5, alice: 100 } } }\n")).toEqual([
      "modules.compliance.approver_limits.__proto__: a key named __proto__ is not allowed in the configuration",
    ]);
    // Other names of Object.prototype's members are plain keys: refused where keys are fixed, kept where they are data.
    expect(problems("server: { constructor: 1 }\n")).toEqual(["server.constructor: unknown key"]);
    expect(problems("modules: { compliance: { approver_limits: { constructor: 5 } } }\n")).toEqual([]);
  });

  test("reports.workers: a whole number of threads from 1, else a problem naming its path; unset is the cores", () => {
    expect(problems("reports: { workers: 0 }\n")).toEqual(["reports.workers: expected integer to be greater or equal to 1"]);
    expect(problems("reports: { workers: two }\n")).toEqual(["reports.workers: expected integer"]);
    expect(problems("reports: { workers: 1.5 }\n")).toEqual(["reports.workers: expected integer"]);
    expect(problems("reports: { workers: 4 }\n")).toEqual([]);
    expect(reportScanWorkers(parseConfig("", "/etc/assay/assay.yaml", {}).reports)).toBe(Math.min(8, navigator.hardwareConcurrency));
    expect(reportScanWorkers(parseConfig("reports: { workers: 1 }\n", "/etc/assay/assay.yaml", {}).reports)).toBe(1);
  });

  test("semantic problems: duplicate connector ids, redefined built-in plans", () => {
    expect(problems("connectors:\n  - { id: a, type: inline }\n  - { id: a, type: inline }")).toEqual([
      'connectors[1].id: duplicate connector id "a"',
    ]);
    const hook = (id: string) => `{ id: ${id}, url: "http://127.0.0.1:9/hook", secret: "0123456789abcdef0123" }`;
    expect(problems(`alerts: { webhooks: [${hook("a")}, ${hook("a")}] }`)).toEqual(['alerts.webhooks[1].id: duplicate webhook target id "a"']);
    expect(problems("plans: { standard: { per_second: 1, per_minute: 2 } }")).toEqual([
      "plans.standard: redefines a built-in plan; choose another name",
    ]);
  });

  // Thirteenth attack pass: a plan whose name is not a slug (`Partner`, `gold plan`, `pläne`) was
  // neither refused nor checked — `Partner: { per_second: 0, per_minute: 0 }` passed `config check`,
  // `assay accounts create --plan Partner` put an account on it and every request of that account
  // was 429 with `Retry-After: NaN`; `Broken: "fast"` made them 500 internal_error.
  test("a plan name that is not a slug is refused, its limits unchecked or not", () => {
    expect(problems("plans: { Partner: { per_second: 0, per_minute: 0 } }")).toEqual([
      "plans.Partner: a plan name is lower-case letters, digits, _ and - (at most 40), starting with a letter",
    ]);
    expect(problems('plans: { "gold plan": fast, "pläne": { per_second: 5, per_minute: 100 } }')).toEqual([
      "plans.gold plan: a plan name is lower-case letters, digits, _ and - (at most 40), starting with a letter",
      "plans.pläne: a plan name is lower-case letters, digits, _ and - (at most 40), starting with a letter",
    ]);
    expect(problems("plans: { partner: { per_second: 5, per_minute: 100 } }")).toEqual([]);
  });

  test("a tax rate under a name that is no currency code is refused, not left unchecked", () => {
    // `eur: 7` passed `config check`, and EUR invoices had no tax rate to check against.
    expect(problems('modules: { revenue_leakage: { tax: { rates: { eur: 7, "USD ": 0.08, EUR: 0.19 } } } }')).toEqual([
      "modules.revenue_leakage.tax.rates.eur: a currency is an ISO 4217 code in capitals (EUR, USD)",
      "modules.revenue_leakage.tax.rates.USD : a currency is an ISO 4217 code in capitals (EUR, USD)",
    ]);
    expect(problems("modules: { revenue_leakage: { tax: { rates: { EUR: 0.19, GBP: [{ rate: 0.2 }] } } } }")).toEqual([]);
  });

  // Fourteenth attack pass: where the schema gives a list or a mapping a default, a value of the
  // other kind was merged into the default (TypeBox's Value.Default does Object.assign) and passed:
  // `exchange_rates: { EUR: 1.08 }` became [] (no rate checked), `allow_hosts: { a: 1 }` [],
  // `approver_limits: [10000]` an approver named "0". `config check` said ok to each.
  test("a mapping where a list is wanted, or a list where a mapping is, is refused under its path", () => {
    expect(problems("modules: { revenue_leakage: { exchange_rates: { EUR: 1.08 }, tax: { exempt_customers: { C1: true } } } }")).toEqual([
      "modules.revenue_leakage.tax.exempt_customers: expected a list, not a mapping",
      "modules.revenue_leakage.exchange_rates: expected a list, not a mapping",
    ]);
    expect(problems("modules: { compliance: { approver_limits: [10000] }, revenue_leakage: { approver_max_discount_pct: [{ MGMT: 100 }] } }")).toEqual([
      "modules.revenue_leakage.approver_max_discount_pct: expected a mapping, not a list",
      "modules.compliance.approver_limits: expected a mapping, not a list",
    ]);
    const http = '{ id: h, type: http, url: "https://example.com/api", transactions: /t';
    expect(problems(`connectors:\n  - ${http} }\n  - ${http}2, allow_hosts: { "10.0.0.5": true } }`)).toEqual([
      "connectors[1].allow_hosts: expected a list, not a mapping",
    ]);
    expect(problems('alerts: { webhooks: [{ id: w, url: "https://example.com/x", secret: "0123456789abcdef0123", events: { "*": 1 } }] }')).toEqual([
      "alerts.webhooks[0].events: expected a list, not a mapping",
    ]);
    // The right kinds, empty or not, as before.
    expect(problems("modules: { revenue_leakage: { exchange_rates: [], tax: { exempt_customers: [C1] } }, compliance: { approver_limits: {} } }")).toEqual([]);
  });

  // Fourteenth attack pass: `risk_levels: { medium: 70, high: 40 }` passed `config check`, and no
  // analysis was ever "medium" (50 and 75 were both "high": the levels are tried from critical down).
  test("risk levels that do not rise from medium to critical are refused", () => {
    expect(problems("modules: { scoring: { risk_levels: { medium: 70, high: 40 } } }")).toEqual([
      "modules.scoring.risk_levels.high: 40 is below medium (70); the levels rise: medium <= high <= critical",
    ]);
    expect(problems("modules: { scoring: { risk_levels: { critical: 50 } } }")).toEqual([
      "modules.scoring.risk_levels.critical: 50 is below high (60); the levels rise: medium <= high <= critical",
    ]);
    expect(problems("modules: { scoring: { risk_levels: { medium: 50, high: 50, critical: 50 } } }")).toEqual([]);
  });

  test("YAML syntax errors and non-mapping roots are reported", () => {
    expect(problems("server: [1")[0]).toMatch(/^YAML syntax error/);
    expect(problems("- a\n- b")).toEqual(["(root): expected a mapping of sections"]);
  });

  // Thirteenth attack pass: `port: ${PORT}` was refused "server.port: expected integer" with PORT=8080
  // (the environment gives text), so no number or boolean could come from the environment.
  test("a value that is one ${NAME} is read as the number or boolean the schema wants there", () => {
    const yaml = "server:\n  port: ${PORT}\n  max_body_bytes: '${MAX}'\nmetrics:\n  enabled: ${ON}\n  token: ${TOKEN}\n";
    const c = parseConfig(yaml, "/x/a.yaml", { PORT: "8080", MAX: "2097152", ON: "true", TOKEN: "123456789012345678901234" });
    expect([c.server.port, c.server.max_body_bytes, c.metrics.enabled, c.metrics.token]).toEqual([8080, 2097152, true, "123456789012345678901234"]);
    // Text that is no number (or boolean) stays refused, as does a reference inside other text.
    expect(problems(yaml, { PORT: "0x1F90", MAX: "2097152", ON: "yes", TOKEN: "t" })).toEqual(["server.port: expected integer", "metrics.enabled: expected boolean"]);
    expect(problems(yaml, { PORT: " 8080", MAX: "1e400", ON: "true", TOKEN: "t" })).toEqual(["server.port: expected integer", "server.max_body_bytes: expected integer"]);
    expect(problems("server:\n  port: 80${PORT}\n", { PORT: "80" })).toEqual(["server.port: expected integer"]);
    expect(problems("server:\n  port: ${PORT}\n", { PORT: "99999" })).toEqual(["server.port: expected integer to be less or equal to 65535"]);
  });

  test("an unquoted ${NAME} in a flow mapping says to quote it (the YAML error has no position)", () => {
    const found = problems("storage:  { driver: postgres, url: ${ASSAY_DATABASE_URL}, pool: 10 }\n", { ASSAY_DATABASE_URL: "postgres://db/assay" });
    expect(found[0]).toMatch(/^YAML syntax error/);
    expect(found[1]).toContain('quote it ("${ASSAY_DATABASE_URL}")');
    expect(problems('storage:  { driver: postgres, url: "${ASSAY_DATABASE_URL}", pool: 10 }\n', { ASSAY_DATABASE_URL: "postgres://db/assay" })).toEqual([]);
  });

  test("a recursive YAML anchor is a problem with its path, not a stack overflow", () => {
    expect(problems("a: &a [*a]")).toContain("a[0]: a YAML alias refers to a node that contains it (a recursive anchor)");
    expect(problems("server: &s { host: 127.0.0.1, tls: *s }")).toContain("server.tls: a YAML alias refers to a node that contains it (a recursive anchor)");
    // An alias used twice side by side is no cycle.
    expect(problems("plans:\n  a: &p { per_second: 5, per_minute: 100 }\n  b: *p")).toEqual([]);
  });

  test("merge keys and aliases within the limits give the values they always gave", () => {
    const c = parseConfig(
      "plans:\n  small: &small { per_second: 5, per_minute: 100 }\n  medium: { <<: *small, per_minute: 300 }\n  large:\n    <<: [*small]\n    per_second: 9\n",
      "/x/a.yaml",
      {},
    );
    expect(c.plans).toEqual({ small: { per_second: 5, per_minute: 100 }, medium: { per_second: 5, per_minute: 300 }, large: { per_second: 9, per_minute: 100 } });
    // A `<<:` inside quoted text is text, not a merge key.
    expect(parseConfig('connectors:\n  - { id: a, type: inline, name: "{<<: x, <<: y" }', "/x/a.yaml", {}).connectors[0]!.name).toBe("{<<: x, <<: y");
  });

  test("a section written twice is a problem naming both lines (YAML would keep only the last)", () => {
    expect(problems("server: { port: 9000 }\nalerts: { auto_threshold: 60 }\nserver: { host: 0.0.0.0 }\n")).toContain(
      "server: written twice (lines 1 and 3); only the last would count: merge them into one section",
    );
    // Indented keys and a block scalar's text at any depth are not sections.
    expect(problems("plans:\n  a: { per_second: 5, per_minute: 100 }\nrules:\n  - id: r1\n    when: >\n      txn.amount > 1\n    message: x\n  - id: r2\n    when: txn.amount > 2\n    message: y\n")).not.toContainEqual(expect.stringContaining("written twice"));
  });

  test("a key written twice inside a section is a problem naming its path and both lines (tenth attack pass)", () => {
    // `timestamp: required` pasted above the shipped `timestamp: optional`: YAML kept the last,
    // and `config check` said ok while the weaker setting was in force.
    const signature = "security:\n  signature:\n    timestamp: required\n    tolerance_s: 60\n    timestamp: optional\n";
    expect(problems(signature)).toContain("security.signature.timestamp: written twice (lines 3 and 5); only the last would count: keep one");
    expect(problems("server: { port: 9000, host: 0.0.0.0, port: 9001 }\n")).toContain("server.port: written twice (lines 1 and 1); only the last would count: keep one");
    expect(problems("connectors:\n  - id: a\n    type: inline\n    id: b\n")).toContain("connectors[0].id: written twice (lines 2 and 4); only the last would count: keep one");
    expect(problems("plans:\n  a: { per_second: 5, per_minute: 100 }\n  b: { per_second: 5, per_minute: 100 }\n  a: { per_second: 50, per_minute: 1000 }\n")).toContain(
      "plans.a: written twice (lines 2 and 4); only the last would count: keep one",
    );
  });

  test("the same key in different mappings, in block scalars, quoted text and merges is not written twice", () => {
    const fine = [
      "plans:\n  a: { per_second: 5, per_minute: 100 }\n  b: { per_second: 5, per_minute: 100 }\n",
      "rules:\n  - id: r1\n    when: >\n      id: 1\n      id: 2\n    message: x\n  - id: r2\n    when: txn.amount > 2\n    message: y\n",
      'connectors:\n  - { id: a, type: inline, name: "id: x, id: y" }\n',
      "plans:\n  base: &base { per_second: 5, per_minute: 100 }\n  b:\n    <<: *base\n    per_second: 6\n",
    ];
    for (const text of fine) expect(problems(text).filter((p) => p.includes("written twice"))).toEqual([]);
  });

  test("JSON pointers become YAML paths", () => {
    expect(yamlPath("/connectors/2/reference/contracts")).toBe("connectors[2].reference.contracts");
    expect(yamlPath("")).toBe("(root)");
  });
});
