// The PEM files of `server.tls`, read and checked before Bun's TLS layer sees them. Handed to it
// as they were, a missing file failed `assay serve` with a bare ENOENT, a folder with EISDIR, a
// file that is not PEM (or the certificate and key the wrong way round) with OpenSSL's
// `PEM routines:OPENSSL_internal:NO_START_LINE`, none naming the setting, and /dev/zero was read
// until memory ran out; `assay config check` said "ok" to all of them. Each problem now names the
// setting, the file and what it must hold, for both commands.
import { statSync } from "node:fs";
import { readAtMost } from "../domain/bounded-read.ts";

/** A certificate chain is a few KB; more than this is not one (and a device is not read for ever). */
const MAX_PEM_BYTES = 1 << 20;

const CERTIFICATE = /-----BEGIN CERTIFICATE-----/;
const PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

export class TlsFileError extends Error {}

/** The certificate chain and private key named by `server.tls`, or a TlsFileError saying what is wrong. */
export function readTlsFiles(tls: { cert: string; key: string }): { cert: string; key: string } {
  const cert = readPem("server.tls.cert", tls.cert);
  if (!CERTIFICATE.test(cert)) {
    const swapped = PRIVATE_KEY.test(cert) ? "; is it the key? server.tls.key names the private key" : "";
    throw new TlsFileError(`server.tls.cert (${tls.cert}): holds no certificate (-----BEGIN CERTIFICATE-----)${swapped}`);
  }
  const key = readPem("server.tls.key", tls.key);
  if (!PRIVATE_KEY.test(key)) throw new TlsFileError(`server.tls.key (${tls.key}): holds no private key (-----BEGIN … PRIVATE KEY-----)`);
  checkPair(tls, cert, key);
  return { cert, key };
}

/** The certificate (the first of the chain) must be the key's: OpenSSL said KEY_VALUES_MISMATCH. */
function checkPair(tls: { cert: string; key: string }, cert: string, key: string): void {
  const crypto = process.getBuiltinModule("node:crypto") as typeof import("node:crypto");
  let certificate: import("node:crypto").X509Certificate;
  let privateKey: import("node:crypto").KeyObject;
  try {
    certificate = new crypto.X509Certificate(cert);
  } catch (e) {
    throw new TlsFileError(`server.tls.cert (${tls.cert}): the certificate cannot be read (${(e as Error).message})`);
  }
  try {
    privateKey = crypto.createPrivateKey(key);
  } catch (e) {
    throw new TlsFileError(`server.tls.key (${tls.key}): the private key cannot be read (${(e as Error).message}); an encrypted key is not supported`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new TlsFileError(`server.tls: the certificate (${tls.cert}) is not the private key's (${tls.key}): name the key the certificate was issued for`);
  }
}

function readPem(setting: string, file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new TlsFileError(`${setting} (${file}): the file does not exist`);
  if (stat.isDirectory()) throw new TlsFileError(`${setting} (${file}): is a folder: name the PEM file in it`);
  let bytes: Buffer;
  try {
    bytes = readAtMost(file, MAX_PEM_BYTES);
  } catch (e) {
    throw new TlsFileError(`${setting} (${file}): cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (bytes.length > MAX_PEM_BYTES) throw new TlsFileError(`${setting} (${file}): more than 1 MiB; a PEM file of a certificate chain is a few KB`);
  return bytes.toString("utf8");
}
