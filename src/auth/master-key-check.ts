// The master key must be the one the database's secrets were sealed with: otherwise the server
// would start and answer every signed request with a 500. A check value (a constant sealed under
// the master key) is stored on first start; later starts refuse a key that does not open it.
import type { Store } from "../store/types.ts";
import { MasterKeyError, openAsync, seal } from "./master-key.ts";

const CHECK_KEY = "master_key_check";
const CHECK_TEXT = "assay master key check v1";

function opens(masterKey: Buffer, sealed: Uint8Array, aad: string): Promise<boolean> {
  return openAsync(masterKey, sealed, aad).then(
    () => true,
    () => false,
  );
}

export async function verifyMasterKey(store: Store, masterKey: Buffer, where: { keySource: string; database: string }) {
  const refuse = () =>
    new MasterKeyError(
      `the master key (${where.keySource}) does not open the database ${where.database}: its secrets were sealed with another key. ` +
        "Use the master key this database was created with (restore the key file or ASSAY_MASTER_KEY); a new key cannot read existing secrets",
    );
  let check = await store.meta.get(CHECK_KEY);
  if (!check) {
    // A database from before the check value existed: its keys must open before the key is trusted.
    const existing = (await store.apiKeys.list())[0];
    if (existing && !(await opens(masterKey, existing.secret_enc, existing.id))) throw refuse();
    check = await store.meta.putIfAbsent(CHECK_KEY, seal(masterKey, CHECK_TEXT, CHECK_KEY));
  }
  if (!(await opens(masterKey, check, CHECK_KEY))) throw refuse();
}
