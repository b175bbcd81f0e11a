// What a configuration file may cost to read. YAML lets a small file stand for a huge value:
// aliases repeated inside aliases (the "billion laughs": 600 bytes for ten million values), and
// merge keys (`<<: *defaults`), which Bun's YAML reader copies key by key (a 40 KB chain of 1,400
// merges, each of the one before, took it 3 s and 330 MB). The configuration is read at start-up
// and again on every reload, on the thread that answers requests: these bounds keep that quick and
// small, and each refusal names where in the file it happened.

/** A configuration file is at most this large (the shipped one is 6 KB). */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;
/** Values (scalars, lists and mappings, every alias counted where it is used) in the configuration. */
export const MAX_CONFIG_VALUES = 250_000;
/** Keys merge keys (`<<`) may copy in all. */
export const MAX_MERGED_KEYS = 50_000;
/** Nesting of lists and mappings (the configuration's own schema needs six). */
export const MAX_CONFIG_DEPTH = 64;

const fmt = (n: number) => n.toLocaleString("en-US");

/** `known`: false when reading stopped at the bound (a pipe, a device), so `bytes` is a lower bound. */
export function sizeProblem(bytes: number, known = true): string | undefined {
  if (bytes <= MAX_CONFIG_BYTES) return undefined;
  const size = known ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `more than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB`;
  return `the file is ${size}; a configuration file is at most ${MAX_CONFIG_BYTES / 1024 / 1024} MiB (keep large reference data in the files or tables a connector reads)`;
}

/** Counts the values a walk of the parsed document visits (aliases once per use), and its depth. */
export class ExpansionBudget {
  private values = 0;

  /** The problem with the value at `path` `depth` levels down, or undefined while within bounds. */
  visit(path: string, depth: number): string | undefined {
    if (depth > MAX_CONFIG_DEPTH) return `${path}: nested deeper than ${MAX_CONFIG_DEPTH} levels of lists and mappings`;
    if (++this.values > MAX_CONFIG_VALUES) {
      return `${path}: the configuration expands to more than ${fmt(MAX_CONFIG_VALUES)} values (YAML aliases repeated inside aliases?); write the values out or use fewer aliases`;
    }
    return undefined;
  }
}

// A merge key is the plain scalar `<<` as a key: at a line's start (after indentation or `- `), or
// after `{` or `,` in a flow mapping.
const MERGE_KEY = /(^[ \t]*(?:-[ \t]+)*|[{,][ \t]*)<<([ \t]*:)/gm;
const RENAMED = "<<assay-merge";

/** The text with every merge key renamed to an ordinary key: read so, nothing is copied. */
export function withMergeKeysRenamed(text: string): string {
  return text.replace(MERGE_KEY, `$1${RENAMED}$2`);
}

/**
 * How many keys the file's merge keys would copy, worked out before the YAML reader copies them:
 * the file is first read with each `<<` renamed to an ordinary key (aliases then share one value,
 * so this read is cheap), and each merged mapping's size counted once. A file without merge keys
 * costs one regular expression test.
 */
export function mergeProblem(text: string): string | undefined {
  MERGE_KEY.lastIndex = 0;
  if (!MERGE_KEY.test(text)) return undefined;
  let renamed: unknown;
  try {
    renamed = Bun.YAML.parse(withMergeKeysRenamed(text));
  } catch {
    return undefined; // the real read reports the syntax error
  }
  const sizes = new Map<object, number>();
  /** Keys of a mapping once its own merges are done (an upper bound: overridden keys count twice). */
  const sizeOf = (node: unknown, within: Set<object>): number => {
    if (!node || typeof node !== "object" || Array.isArray(node)) return 0;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (within.has(node)) return 0; // a recursive anchor, reported by the walk of the real value
    within.add(node);
    const record = node as Record<string, unknown>;
    let size = Object.keys(record).length;
    if (RENAMED in record) size += mergedBy(record, within) - 1;
    within.delete(node);
    sizes.set(node, size);
    return size;
  };
  const mergedBy = (record: Record<string, unknown>, within: Set<object>): number => {
    const sources = record[RENAMED];
    return (Array.isArray(sources) ? sources : [sources]).reduce((n: number, s) => n + sizeOf(s, within), 0);
  };

  let copied = 0;
  const seen = new Set<object>();
  const walk = (node: unknown, path: string): string | undefined => {
    if (!node || typeof node !== "object" || seen.has(node)) return undefined;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const found = walk(node[i], `${path}[${i}]`);
        if (found) return found;
      }
      return undefined;
    }
    const record = node as Record<string, unknown>;
    if (RENAMED in record && (copied += mergedBy(record, new Set())) > MAX_MERGED_KEYS) {
      return `${path || "(root)"}: its YAML merge keys (<<) copy more than ${fmt(MAX_MERGED_KEYS)} keys in all (a merge of a merge of …, or a large mapping merged many times); write the keys out or merge smaller mappings`;
    }
    for (const [k, v] of Object.entries(record)) {
      const key = k === RENAMED ? "<<" : k;
      const found = walk(v, path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  };
  return walk(renamed, "");
}
