// The `limit` query parameter of every list: a plain decimal integer from 1 to 100. Checked as a
// string pattern before it becomes a number, so that every malformed value (1.5, 1e9, Infinity,
// 0x10, a 22-digit number, " 5") is one 422 naming /query/limit; t.Numeric accepted some of these
// and reported the rest without the parameter's name. pageOf pages a list held in memory.
import { t } from "elysia";
import { ApiError } from "../domain/errors.ts";

export const PAGE_LIMIT_DEFAULT = 20;

export const PageLimit = t.Optional(
  t
    .Transform(
      t.String({
        pattern: "^(100|[1-9][0-9]?)$",
        "x-pattern-message": "must be an integer from 1 to 100",
        description: `page size: an integer from 1 to 100 (default ${PAGE_LIMIT_DEFAULT})`,
        examples: ["20"],
      }),
    )
    .Decode((v) => Number(v))
    .Encode((n) => String(n)),
);

/**
 * One page of `items` (in their order) after the item whose id is `starting_after`; 422
 * validation_failed naming /query/starting_after when no item has that id (`noun`: what the list
 * holds), as every other query parameter's error is (it was 400 invalid_request).
 */
export function pageOf<T extends { id: string }>(items: readonly T[], query: { limit?: number; starting_after?: string }, noun: string): { page: T[]; has_more: boolean } {
  let start = 0;
  if (query.starting_after !== undefined) {
    const i = items.findIndex((item) => item.id === query.starting_after);
    if (i < 0) {
      throw new ApiError("validation_failed", `starting_after: no ${noun} "${query.starting_after}"`, {
        errors: [{ path: "/query/starting_after", message: `must be the id of a ${noun} in the list` }],
      });
    }
    start = i + 1;
  }
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
  return { page: items.slice(start, start + limit), has_more: start + limit < items.length };
}
