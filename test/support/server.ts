// Shared by the alerts, reports, connector and HTTP suites: a test server whose accounts are on a plan generous
// enough that the suites measure behaviour, not the rate limiter.
import { type Credentials, startTestServer, type TestServer } from "./harness.ts";

export const UNLIMITED_PLAN = "plans:\n  unlimited: { per_second: 1000000, per_minute: 10000000 }\n";

export interface Server extends TestServer {
  account(): Promise<Credentials>;
}

export async function startServer(yaml = "", options: Parameters<typeof startTestServer>[1] = {}): Promise<Server> {
  const s = await startTestServer(`${UNLIMITED_PLAN}${yaml}`, options);
  await s.rt.keys.setPlan(s.creds.accountId, "unlimited");
  return Object.assign(s, { account: () => s.newAccount("unlimited") });
}

export async function json(res: Response): Promise<any> {
  return res.json();
}

/** The codes of a 200 analysis answer's anomalies, in its order (fails the test on another status). */
export async function anomalyCodes(res: Response): Promise<string[]> {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
  return (((await res.json()) as { anomalies: { code: string }[] }).anomalies).map((a) => a.code);
}
