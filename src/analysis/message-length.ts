// How long a finding's message may be. A message is a sentence, but it may quote the data — a
// rule's `{string(txn.attributes.memo)}`, a detector naming a rare attribute's value — and an
// attribute's value has no limit but the body's (1 MiB). Whole, such a value went into the
// analysis, its alert and every alert list: 100 alerts quoting a 1 MB memo made `GET /v1/alerts`
// a 100 MB answer that held the event loop 1.2 s (seventeenth attack pass).

/** A finding's message at most, in characters. */
export const MAX_MESSAGE_CHARS = 2_000;

/** `text` cut to `max` characters, the last one an ellipsis when anything was cut. */
export function cutText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
