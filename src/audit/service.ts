// The audit log: who did what to which key, plan or user, from the CLI, the dashboard or the
// system. Written by the services that make the change (key service, user service), so a change
// made from the CLI is recorded exactly like one made from a web page.
import { type Clock, iso } from "../domain/clock.ts";
import { newId } from "../domain/ids.ts";
import type { AuditActorType, AuditEventRecord, AuditQuery, AuditRepository, Page } from "../store/types.ts";

/** Who acts: the admin CLI on the host, a dashboard user, an API key, or Assay itself. */
export type AuditActor =
  | { type: "cli" }
  | { type: "system" }
  | { type: "user"; id: string; email?: string }
  | { type: "api_key"; id: string };

export const CLI_ACTOR: AuditActor = { type: "cli" };
export const SYSTEM_ACTOR: AuditActor = { type: "system" };

export interface AuditEntry {
  account_id?: string | null;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly clock: Clock,
  ) {}

  async record(type: string, actor: AuditActor, entry: AuditEntry = {}): Promise<void> {
    const event: AuditEventRecord = {
      id: newId("aud", this.clock.now()),
      type,
      account_id: entry.account_id ?? null,
      actor_type: actor.type as AuditActorType,
      actor_id: "id" in actor ? actor.id : null,
      target: entry.target ?? null,
      ip: entry.ip ?? null,
      details: { ...(actor.type === "user" && actor.email ? { actor_email: actor.email } : {}), ...entry.details },
      created_at: iso(this.clock.now()),
    };
    await this.repo.insert(event);
  }

  list(query: AuditQuery): Promise<Page<AuditEventRecord>> {
    return this.repo.list(query);
  }
}
