// Plain argument lists are read without node:util (parseSimple, for the cold start); they must be
// read exactly as parseArgs reads them, and anything else must be left to parseArgs.
import { describe, expect, test } from "bun:test";
import { parseArgs } from "node:util";
import { COMMANDS } from "../../src/cli/commands.ts";
import { commandPaths, isGroup, joinNegativeValues, type LeafCommand, optionsOf, parseSimple } from "../../src/cli/framework.ts";

function leafOf(path: string[]): LeafCommand {
  const command = COMMANDS[path[0]!]!;
  return isGroup(command) ? command.subcommands[path[1]!]! : command;
}

function viaParseArgs(argv: string[], leaf: LeafCommand) {
  const spec = optionsOf(leaf);
  const options = Object.fromEntries(Object.entries(spec).map(([n, o]) => [n, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]));
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: { ...values }, positionals };
  } catch (e) {
    return { error: (e as { code?: string }).code };
  }
}

/** Argument lists built from a command's own options: plain ones, and ones parseSimple must leave alone. */
function argvsFor(leaf: LeafCommand): string[][] {
  const spec = optionsOf(leaf);
  const strings = Object.keys(spec).filter((n) => spec[n]!.type === "string");
  const flags = Object.keys(spec).filter((n) => spec[n]!.type === "boolean");
  const out: string[][] = [[], ["ARG"], ["ARG", "MORE"], ["--nope"], ["--nope", "x"], ["--"], ["--", "--json"], ["-"], ["-x"], ["-h"]];
  for (const s of strings) {
    out.push([`--${s}`, "v"], [`--${s}=v`], [`--${s}=`], [`--${s}`], [`--${s}`, "-v"], [`--${s}`, "a", `--${s}`, "b"], ["ARG", `--${s}`, "v", "ARG2"], [`--${s}=a=b`], [`--${s}`, "--json"], [`--${s}=-1`], [`--${s}=-v`]);
  }
  for (const f of flags) out.push([`--${f}`], [`--${f}=true`], [`--${f}`, "ARG"], [`--${f}`, `--${f}`]);
  if (strings.length > 0 && flags.length > 0) out.push([`--${flags[0]}`, `--${strings[0]}`, "v", "ARG"]);
  return out;
}

describe("parseSimple", () => {
  for (const path of commandPaths(COMMANDS)) {
    const leaf = leafOf(path);
    if (!leaf || isGroup(leaf as never)) continue;
    test(`assay ${path.join(" ")}: plain argument lists read as parseArgs reads them, the rest left to it`, () => {
      for (const argv of argvsFor(leaf)) {
        const simple = parseSimple(argv, optionsOf(leaf));
        if (simple === undefined) continue;
        expect({ argv, ...viaParseArgs(argv, leaf) }).toEqual({ argv, values: { ...simple.values }, positionals: simple.positionals });
      }
    });
  }

  test("reads the plain forms and leaves the others to parseArgs", () => {
    const serve = optionsOf(leafOf(["serve"]));
    expect(parseSimple(["--config", "a.yaml", "--port=0", "--json"], serve)).toEqual({ values: Object.assign(Object.create(null), { config: "a.yaml", port: "0", json: true }), positionals: [] });
    for (const argv of [["-h"], ["--"], ["--nope"], ["--port"], ["--port", "-1"], ["--port="], ["--json=1"]]) expect(parseSimple(argv, serve)).toBeUndefined();
  });

  test("a negative number after a string option is its value; anything else dash-led is left alone", () => {
    const serve = optionsOf(leafOf(["serve"]));
    expect(joinNegativeValues(["--port", "-1", "--json"], serve)).toEqual(["--port=-1", "--json"]);
    expect(joinNegativeValues(["--port", "-.5"], serve)).toEqual(["--port=-.5"]);
    for (const argv of [["--port", "-h"], ["--port", "--json"], ["--json", "-1"], ["--port=1", "-1"], ["--nope", "-1"], ["--", "--port", "-1"], ["--port", "-"]]) {
      expect(joinNegativeValues(argv, serve)).toEqual(argv);
    }
  });
});
