// How long the names people give accounts and keys may be: the dashboard's forms say so with
// `maxlength`, and the admin CLI refuses a longer one naming the flag (it stored 100,000
// characters, printed on every line of `assay accounts list` and in every audit event of it).
export const MAX_ACCOUNT_NAME = 200;
export const MAX_KEY_NAME = 100;

/**
 * `name` cut to at most `max` UTF-16 units (what a form's maxlength counts), between characters:
 * a cut inside a surrogate pair left half an emoji, stored and shown as U+FFFD.
 */
export function clipName(name: string, max: number): string {
  if (name.length <= max) return name;
  const high = name.charCodeAt(max - 1);
  return name.slice(0, high >= 0xd800 && high <= 0xdbff ? max - 1 : max);
}
