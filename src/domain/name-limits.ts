// How long the names people give accounts and keys may be: the dashboard's forms say so with
// `maxlength`, and the admin CLI refuses a longer one naming the flag (it stored 100,000
// characters, printed on every line of `assay accounts list` and in every audit event of it).
export const MAX_ACCOUNT_NAME = 200;
export const MAX_KEY_NAME = 100;
