// A key written twice in one mapping of the configuration (`timestamp: required` pasted above the
// shipped `timestamp: optional`): YAML keeps the last one, Bun's reader says nothing, and the
// first is silently gone — `assay config check` said ok while the weaker setting was in force.
// Bun.YAML gives no positions and keeps no duplicates, so the file is read a second time with each
// key renamed after the line it is on and its place in the file (`port` on line 3 becomes
// `port__assay_line_3_7`): two keys of
// one mapping that are one key once the suffix is dropped were written twice. Renaming text that
// only looks like a key (in a block scalar, a quoted string) changes a value, never the mappings,
// so it finds nothing there. Merge keys (`<<`) are renamed too, so nothing is copied: a key that
// overrides a merged one is not a duplicate.
import { withMergeKeysRenamed } from "./yaml-limits.ts";

const SUFFIX = "__assay_line_";
// A plain key at a line's start (after indentation and list dashes) or after `{` or `,` (flow).
const BLOCK_KEY = /^([ \t]*(?:-[ \t]+)*)([A-Za-z_][\w.-]*)([ \t]*:)(?=[ \t\r]|$)/;
const FLOW_KEY = /([{,][ \t]*)([A-Za-z_][\w.-]*)([ \t]*:)(?=[ \t])/g;
const RENAMED_KEY = new RegExp(`^(.*)${SUFFIX}(\\d+)_\\d+$`);

/**
 * One problem per key written twice in a mapping below the top level (repeated sections are
 * reported on their own), with its YAML path and both lines. The file has already been read and
 * bounded (size, aliases, merges): this second read costs as much as the first.
 */
export function duplicateKeyProblems(text: string): string[] {
  const lines = withMergeKeysRenamed(text).split("\n");
  let n = 0;
  // Two keys of one flow mapping share a line: the count tells them apart.
  const tag = (line: number) => (_: string, before: string, key: string, colon: string) => `${before}${key}${SUFFIX}${line}_${n++}${colon}`;
  for (let i = 0; i < lines.length; i++) {
    lines[i] = lines[i]!.replace(BLOCK_KEY, tag(i + 1)).replace(FLOW_KEY, tag(i + 1));
  }
  let renamed: unknown;
  try {
    renamed = Bun.YAML.parse(lines.join("\n"));
  } catch {
    return []; // a rename the reader does not take (a key-like text it reads otherwise): no verdict
  }
  const problems: string[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${path}[${i}]`));
      return;
    }
    const firstLine = new Map<string, number>();
    for (const [renamedKey, value] of Object.entries(node as Record<string, unknown>)) {
      const m = RENAMED_KEY.exec(renamedKey);
      const key = m ? m[1]! : renamedKey;
      const childPath = path ? `${path}.${key}` : key;
      if (m && path) {
        const line = Number(m[2]);
        const first = firstLine.get(key);
        if (first === undefined) firstLine.set(key, line);
        else problems.push(`${childPath}: written twice (lines ${first} and ${line}); only the last would count: keep one`);
      }
      walk(value, childPath);
    }
  };
  walk(renamed, "");
  return problems;
}
