// Opens the admin services (store, key service) for one CLI command and closes the store after.
import { openAdmin } from "../runtime.ts";
import { type CliIO, loadCliConfig } from "./common.ts";
import type { Args } from "./framework.ts";

export async function withAdmin<T>(a: Args, io: CliIO, body: (admin: ReturnType<typeof openAdmin>) => Promise<T>): Promise<T> {
  const admin = openAdmin(loadCliConfig(a.string("config"), io), { env: io.env });
  try {
    await admin.checkMasterKey();
    return await body(admin);
  } finally {
    await admin.store.close();
  }
}
