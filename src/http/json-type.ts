// The Content-Type of every JSON answer of the API: Elysia's for an object. Answers built outside
// Elysia — the fast path, and a keyed request's answer stored for replay (or rebuilt after a
// crash) — use the same, so one route never answers two ways (twelfth attack pass: a keyed
// request's answer said `application/json`, an unkeyed one `application/json;charset=utf-8`).
export const JSON_CONTENT_TYPE = "application/json;charset=utf-8";
