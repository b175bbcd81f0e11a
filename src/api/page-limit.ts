// The `limit` query parameter of every list: a plain decimal integer from 1 to 100. Checked as a
// string pattern before it becomes a number, so that every malformed value (1.5, 1e9, Infinity,
// 0x10, a 22-digit number, " 5") is one 422 naming /query/limit; t.Numeric accepted some of these
// and reported the rest without the parameter's name.
import { t } from "elysia";

export const PAGE_LIMIT_DEFAULT = 20;

export const PageLimit = t.Optional(
  t
    .Transform(
      t.String({
        pattern: "^(100|[1-9][0-9]?)$",
        description: `page size: an integer from 1 to 100 (default ${PAGE_LIMIT_DEFAULT})`,
        examples: ["20"],
      }),
    )
    .Decode((v) => Number(v))
    .Encode((n) => String(n)),
);
