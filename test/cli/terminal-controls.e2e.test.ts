// Text that API clients and dashboard users write (an alert's title, a transaction id, a key's
// name) reaches an operator's terminal through the admin CLI's tables. Printed raw, an ESC
// sequence in it ran in that terminal — retitled the window, cleared the screen, coloured or
// hid the rows after it (OSC 52 writes the operator's clipboard on many terminals) — and a CR/LF
// forged a row of its own (sixth attack pass). Shown now as visible escapes; --json keeps the text
// exactly.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { runCli } from "../support/cli.ts";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

/** What a terminal would act on: C0 controls but LF, DEL, C1 controls, and the bidi overrides that reorder what follows them. */
const TERMINAL_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

// Within the 59 characters the table shows of a title.
const HOSTILE = "Paid \x1b]0;PWNED\x07\x1b[2J\r\nalrt_FORGED  resolved\u202Efdp.exe\x9b31m";

test("assay alerts list shows a client's control characters as escapes, one line per alert", async () => {
  const created = await s.call("POST", "/v1/alerts", { title: HOSTILE, severity: "high", transaction_id: "INV-\x1b[31m1" });
  expect(created.status).toBe(201);
  const { id } = await json(created);

  const listed = await runCli(["alerts", "list", "--config", s.configFile]);
  expect(listed.code).toBe(0);
  expect(listed.stdout).not.toMatch(TERMINAL_CONTROL);
  const rows = listed.stdout.trimEnd().split("\n");
  expect(rows).toHaveLength(2); // the header and the one alert: no forged row
  expect(rows[1]).toStartWith(id);
  expect(rows[1]).toContain("Paid \\x1b]0;PWNED\\x07\\x1b[2J\\r\\nalrt_FORGED  resolved\\u202efdp.exe\\x9b31m");
  expect(rows[1]).toContain("INV-\\x1b[31m1");

  // --json is for programs: the text exactly as stored (JSON escapes C0 controls itself).
  const asJson = await runCli(["alerts", "list", "--json", "--config", s.configFile]);
  expect(JSON.parse(asJson.stdout).data[0]).toMatchObject({ id, title: HOSTILE, transaction_id: "INV-\x1b[31m1" });
});

test("assay keys list shows a key name's control characters as escapes", async () => {
  const account = await s.account();
  const key = await s.rt.keys.createKey(account.accountId, { name: "ci\x1b]52;c;ZWNobyBwd25lZA==\x07\rroot" });
  const listed = await runCli(["keys", "list", "--account", account.accountId, "--config", s.configFile]);
  expect(listed.code).toBe(0);
  expect(listed.stdout).not.toMatch(TERMINAL_CONTROL);
  expect(listed.stdout).toContain("ci\\x1b]52;c;ZWNobyBwd25lZA==\\x07\\rroot");
  expect(listed.stdout).toContain(key.id);
});
