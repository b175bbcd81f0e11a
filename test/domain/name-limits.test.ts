// The dashboard keeps the first MAX_KEY_NAME / MAX_ACCOUNT_NAME characters of a name posted longer
// than its form allows (a browser's maxlength counts UTF-16 units; a form posted by a script is not
// held to it). The twenty-first attack pass posted 99 letters and an emoji as a key name: the cut
// kept half of the emoji's surrogate pair, stored and shown as U+FFFD. A name is cut between
// characters, never inside one.
import { expect, test } from "bun:test";
import { clipName, MAX_KEY_NAME } from "../../src/domain/name-limits.ts";

test("a name is cut to the limit between characters, never inside a surrogate pair", () => {
  expect(clipName("abc", 5)).toBe("abc");
  expect(clipName("abcdef", 5)).toBe("abcde");
  const cut = clipName(`${"a".repeat(MAX_KEY_NAME - 1)}😀`, MAX_KEY_NAME);
  expect(cut).toBe("a".repeat(MAX_KEY_NAME - 1));
  expect(clipName(`${"a".repeat(MAX_KEY_NAME - 2)}😀`, MAX_KEY_NAME)).toBe(`${"a".repeat(MAX_KEY_NAME - 2)}😀`);
  expect(clipName("😀😀😀", 3)).toBe("😀");
  // No lone surrogate is ever left at the end.
  for (let n = 0; n <= 8; n++) expect(/[\uD800-\uDBFF]$/.test(clipName("x😀y😀😀", n))).toBe(false);
});
