// Which Idempotency-Key claim a write belongs to. A resource written for an idempotent request
// records itself on the claim in the same transaction, so a claim whose process died after the
// commit can be completed from the resource instead of staying "in progress" (docs/reliability.md).
export interface IdempotencyRef {
  account_id: string;
  key: string;
  /** The claim's own token: the write marks this claim only, never a later claim of the same key. */
  token: string;
}

/** Which claim an end (completion, release) applies to: its token, or for a claim made before tokens (null) its owner. */
export interface ClaimHolder {
  token: string | null;
  owner: string | null;
}

/** What a claim points at once its write committed: `alert:<id>`, `report:<id>`, `analysis:<id>`. */
export type ResourceRef = `${"alert" | "report" | "analysis"}:${string}`;
