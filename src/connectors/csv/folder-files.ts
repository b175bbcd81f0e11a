// Which entries of a csv connector's folder are read. The folder's files are written by whatever
// exports into it (an ERP job, an SFTP upload), not by the admin who configured the folder, and a
// name in it must not make the server read a file elsewhere: a link `2025-02.csv ->
// /srv/assay/master.key` was read as an export, and the header a mapping lacked columns of — the
// key — was listed in the connector's status for every API client allowed to see it (seventh
// attack pass). Regular files are read, and a symbolic link when the file it leads to, every link
// on the way resolved, is in the folder or below it (`latest.csv -> 2025-11.csv`); not a link out
// of it, a folder, a named pipe (opening one waits for a writer for ever) or a device.
import { lstatSync, realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";

export interface FolderEntry {
  name: string;
  path: string;
  /** Why it is not read; undefined when it is. */
  refused?: string;
}

/** The entries `names` of `folder`, each with why it is not read, if it is not. */
export function folderEntries(folder: string, names: readonly string[]): FolderEntry[] {
  let inside: string | undefined;
  return names.map((name) => {
    const path = join(folder, name);
    const entry = lstatOrUndefined(path);
    if (entry?.isFile()) return { name, path };
    if (!entry?.isSymbolicLink()) return { name, path, refused: "not a regular file" };
    let target: string;
    try {
      target = realpathSync(path);
    } catch {
      return { name, path, refused: "a link to nothing" };
    }
    inside ??= realpathSync(folder) + sep;
    if (!target.startsWith(inside)) return { name, path, refused: "a link to a file outside the folder" };
    return statSync(target).isFile() ? { name, path } : { name, path, refused: "not a regular file" };
  });
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
