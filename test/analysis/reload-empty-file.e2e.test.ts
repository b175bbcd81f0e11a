// A configuration file that is empty (or only comments) when a running server reloads it is
// refused: it is a save caught half-way (`cat new > assay.yaml` truncates first) or a mistaken
// truncation, and applying it would silently drop every custom rule and reset every module policy
// to its default. Found by the fourth attack pass (SIGHUP on an empty file reset them). At
// start-up an empty file still means "every default" (`assay config check` accepts it).
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { reloadConfig } from "../../src/reload.ts";
import { startTestServer } from "../support/harness.ts";

test("an empty or comment-only file is refused on reload; the rules in force stay", async () => {
  const srv = await startTestServer("connectors:\n  - { id: inline, type: inline }\nrules:\n  - { id: any, when: 'true', severity: low }\n");
  try {
    const before = srv.rt.analysis.modelVersion;
    for (const text of ["", "\n  \n", "# being rewritten\n"]) {
      writeFileSync(srv.configFile, text);
      const result = reloadConfig(srv.rt, "test", {});
      expect(result.ok).toBe(false);
      expect(result.problems?.[0]).toContain("empty");
      expect(srv.rt.analysis.modelVersion).toBe(before);
    }
    const res = await srv.call("POST", "/v1/analyze", { connector: "inline", module: "compliance", data: { transaction_id: "A", amount: 1, lines: [] } });
    expect(((await res.json()) as AnalysisResult).anomalies.map((a) => a.code)).toEqual(["rule:any"]);
  } finally {
    await srv.stop();
  }
});
