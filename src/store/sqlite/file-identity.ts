// The files a running server writes must still be the files at their paths. SQLite writes through
// the descriptors it opened: when the database (or its -wal) is deleted, its folder removed, or
// another file renamed over it while the server runs, every later commit goes to an inode no
// path names any more — acknowledged, and gone at the next start. (A chaos run removed the data
// folder under a serving node: writes went on answering 201 for as long as it ran.) So the
// store compares the files' identities (device and inode) with those it first saw, before each
// group commit, at every health check and on a short timer; on a difference it turns the
// connection read-only (`PRAGMA query_only`), so writes answer 503 storage_unavailable and
// health 503, until the same files are back (moved back into place) or the server restarts.
import type { Database } from "bun:sqlite";
import { statSync } from "node:fs";

interface Identity {
  dev: number;
  ino: number;
}

export class FileIdentityWatch {
  /** Each file's identity when first seen (the -wal appears at the first write after opening). */
  private readonly seen = new Map<string, Identity>();
  /** Why writes are refused now, or null. */
  problem: string | null = null;
  onChange?: (problem: string | null) => void;

  constructor(
    private readonly db: Database,
    private readonly path: string,
  ) {
    this.check();
  }

  /** Compares the files with what was first seen; refuses or allows writes on a change. Cheap: two stat calls. */
  check(): string | null {
    const problem = this.problemOf(this.path, true) ?? this.problemOf(`${this.path}-wal`, false);
    if (problem !== this.problem) {
      // Outside any transaction: callers run between transactions (bun:sqlite's are synchronous).
      this.db.exec(`PRAGMA query_only = ${problem === null ? "OFF" : "ON"}`);
      this.problem = problem;
      this.onChange?.(problem);
    }
    return problem;
  }

  private problemOf(file: string, required: boolean): string | null {
    let now: Identity;
    try {
      const s = statSync(file);
      now = { dev: s.dev, ino: s.ino };
    } catch (e) {
      if ((e as { code?: string }).code !== "ENOENT") return null; // unreadable metadata proves nothing
      if (!required && !this.seen.has(file)) return null;
      return `${file} was removed while the server ran: writes are refused (they would be lost); put the file back or restore a backup, then restart`;
    }
    const first = this.seen.get(file);
    if (!first) {
      this.seen.set(file, now);
      return null;
    }
    if (first.dev === now.dev && first.ino === now.ino) return null;
    return `${file} was replaced by another file while the server ran: writes are refused (they would go to the old one); restart the server to open the new file`;
  }
}
