// `assay init [--config F]`: creates what is missing of the config file, the data folder and the
// master key (0600). Never overwrites anything.
import { existsSync, lstatSync, mkdirSync, readlinkSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ensureMasterKeyFile } from "../auth/master-key.ts";
import { loadConfig } from "../config/load.ts";
import { describeStore, openStore } from "../store/open.ts";
import { DEFAULT_CONFIG } from "../config/default-config.ts";
import { CliFailure, type CliIO, cliConfigPath, printJson } from "./common.ts";
import { ensurePrivateDir } from "../domain/private-files.ts";
import type { Args } from "./framework.ts";

export async function init(a: Args, io: CliIO) {
  const file = cliConfigPath(a.string("config"), io.env);
  const created: string[] = [];
  refuseDanglingLink(file, "the configuration");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, DEFAULT_CONFIG, { flag: "wx" });
    created.push(file);
  }
  const config = loadConfig(file, io.env);
  if (!io.env.ASSAY_MASTER_KEY) refuseDanglingLink(config.security.master_key_file, "security.master_key_file");
  if (!io.env.ASSAY_MASTER_KEY && ensureMasterKeyFile(config.security.master_key_file)) created.push(config.security.master_key_file);
  if (config.storage.driver === "postgres") {
    const store = openStore(config);
    try {
      const applied = await store.migrate();
      if (applied.length > 0) created.push(`${describeStore(config.storage)} (migrations ${applied.join(", ")})`);
    } finally {
      await store.close();
    }
  } else if (config.storage.path !== ":memory:" && !existsSync(config.storage.path)) {
    // A link to a database not there yet is the operator's way to put it on another disk: init
    // creates it where the link points (serve refuses to, in case that disk is not mounted).
    const link = lstatSync(config.storage.path, { throwIfNoEntry: false })?.isSymbolicLink();
    const target = link ? resolve(dirname(config.storage.path), readlinkSync(config.storage.path)) : config.storage.path;
    openStore({ storage: { ...config.storage, path: target } }).close();
    created.push(link ? `${target} (through the link ${config.storage.path})` : target);
  }
  ensurePrivateDir(config.reports.dir);
  if (a.json) printJson(io, { config: file, created });
  else if (created.length === 0) io.out(`nothing to do: ${file} and its data are in place`);
  else io.out(created.map((c) => `created ${c}`).join("\n"));
}

/**
 * A symbolic link whose target does not exist passes existsSync, and the exclusive create then
 * answered the bare "EEXIST: file already exists, open …" (fifteenth attack pass). init never
 * writes through a link: it names the link, its target and the two ways out.
 */
function refuseDanglingLink(path: string, what: string): void {
  const entry = lstatSync(path, { throwIfNoEntry: false });
  if (!entry?.isSymbolicLink() || existsSync(path)) return;
  throw new CliFailure(`${what} ${path} is a symbolic link to ${readlinkSync(path)}, which does not exist; init never writes through a link: create the file it points to, or remove the link`);
}
