// A read that the answer of a request waits on is given a deadline: a database that hangs instead
// of failing (a paused PostgreSQL, a network partition that drops packets without a reset) would
// otherwise hold every request — health included — for as long as it hangs, where clients and
// load balancers need a 503 storage_unavailable to go elsewhere. Only reads: a write past a
// deadline may still commit, and its request must not be answered as if it had not.
import { StorageUnavailableError } from "./types.ts";

/** How long a request waits for a read its answer depends on (the API key, health's check). */
export const STORAGE_READ_DEADLINE_MS = 2000;

/** `read`'s outcome, or StorageUnavailableError once it has taken `ms` (the read itself runs on). */
export function readWithin<T>(read: Promise<T>, what: string, ms = STORAGE_READ_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageUnavailableError(`${what}: storage did not answer within ${ms} ms`)), Math.max(0, ms));
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}
