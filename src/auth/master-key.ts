// The master key encrypts signing secrets at rest (AES-256-GCM). It comes from $ASSAY_MASTER_KEY
// (64 hex characters or base64 of 32 bytes) or from security.master_key_file, created 0600.
import { randomBytes } from "../domain/crypto.ts";
import { chmodSync, existsSync, statSync, writeFileSync } from "node:fs";
import { readAtMost } from "../domain/bounded-read.ts";
import { ensurePrivateDir } from "../domain/private-files.ts";
import { dirname } from "node:path";

export class MasterKeyError extends Error {}

export function decodeMasterKey(text: string, source: string): Buffer {
  const value = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, "hex");
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) key = Buffer.from(value, "base64");
  if (!key || key.length !== 32) throw new MasterKeyError(`${source}: must hold 32 bytes as 64 hex characters or base64`);
  return key;
}

export function loadMasterKey(file: string, env: Record<string, string | undefined> = process.env): Buffer {
  if (env.ASSAY_MASTER_KEY) return decodeMasterKey(env.ASSAY_MASTER_KEY, "ASSAY_MASTER_KEY");
  if (!existsSync(file)) {
    throw new MasterKeyError(`security.master_key_file: ${file} does not exist (run \`assay init\` to create it)`);
  }
  return decodeMasterKey(readMasterKeyText(file), `security.master_key_file (${file})`);
}

/** A key file holds 65 bytes; more than this is not one (and a device is not read for ever). */
const MAX_MASTER_KEY_FILE_BYTES = 4096;

/**
 * The key file's text, read to one byte past 4 KiB: it was read whole, so /dev/zero or
 * /dev/urandom filled memory before the check, and a folder failed with a bare EISDIR.
 */
function readMasterKeyText(file: string): string {
  const source = `security.master_key_file (${file})`;
  let bytes: Buffer;
  try {
    if (statSync(file).isDirectory()) throw new MasterKeyError(`${source}: is a folder: name the key file in it (e.g. master.key)`);
    bytes = readAtMost(file, MAX_MASTER_KEY_FILE_BYTES);
  } catch (e) {
    // The bare errno ("EACCES: permission denied, open …") named neither the setting nor the fix.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM") {
      throw new MasterKeyError(`${source}: not readable by this user (${code}): run assay as the user that owns the key file (it is created 0600)`);
    }
    throw e;
  }
  if (bytes.length > MAX_MASTER_KEY_FILE_BYTES) throw new MasterKeyError(`${source}: more than 4 KiB; a master key file holds 32 bytes as 64 hex characters or base64`);
  return bytes.toString("utf8");
}

/** Creates the master key file (0600) if it is missing; returns true when it created one. */
export function ensureMasterKeyFile(file: string): boolean {
  if (existsSync(file)) return false;
  ensurePrivateDir(dirname(file));
  writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return true;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

// Two implementations of the same AES-256-GCM, one layout on disk (iv ‖ ciphertext ‖ tag):
// - `seal` and `open` are synchronous, through node:crypto loaded on first use. A request that
//   must decrypt a key's secret (the first one of a key) stays synchronous: Bun drops the answer
//   to a half-closed connection when its handler awaits real asynchronous work (docs/reliability.md).
// - `openAsync` uses WebCrypto, which needs no module: start-up (the master-key check, warming the
//   secrets of active keys) decrypts without loading node:crypto and the stream machinery it
//   brings (~3 ms of CPU before the first request; docs/benchmarks.md, cold start).
const nodeCrypto = () => process.getBuiltinModule("node:crypto") as typeof import("node:crypto");

/** iv ‖ ciphertext ‖ tag; `aad` binds the ciphertext to its key id so rows cannot be swapped. */
export function seal(masterKey: Buffer, plaintext: string, aad: string): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = nodeCrypto().createCipheriv("aes-256-gcm", masterKey, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, body, cipher.getAuthTag()]));
}

/** The plaintext; throws when the key, the aad or the bytes are not the ones sealed. */
export function open(masterKey: Buffer, sealed: Uint8Array, aad: string): string {
  const buf = Buffer.from(sealed);
  const iv = buf.subarray(0, IV_BYTES);
  const tag = buf.subarray(buf.length - TAG_BYTES);
  const decipher = nodeCrypto().createDecipheriv("aes-256-gcm", masterKey, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(buf.subarray(IV_BYTES, buf.length - TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** Node Buffers may view a shared pool; WebCrypto's types want a plain ArrayBuffer view (it copies). */
const view = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

/** The master key as a WebCrypto key, imported once per key (the check and every warmed secret use it). */
const imported = new WeakMap<Buffer, Promise<CryptoKey>>();
function decryptionKey(masterKey: Buffer): Promise<CryptoKey> {
  let key = imported.get(masterKey);
  if (key === undefined) imported.set(masterKey, (key = crypto.subtle.importKey("raw", view(masterKey), "AES-GCM", false, ["decrypt"])));
  return key;
}

/** `open` through WebCrypto (whose ciphertext already ends with the tag); rejects where `open` throws. */
export async function openAsync(masterKey: Buffer, sealed: Uint8Array, aad: string): Promise<string> {
  const key = await decryptionKey(masterKey);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: view(sealed.subarray(0, IV_BYTES)), additionalData: view(Buffer.from(aad)), tagLength: 128 },
    key,
    view(sealed.subarray(IV_BYTES)),
  );
  return Buffer.from(plain).toString("utf8");
}
