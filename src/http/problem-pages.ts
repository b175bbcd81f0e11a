// The pages behind each error's `type` (`/problems/<code>`): a short human page per code, what it
// means and how to fix it, straight from the PROBLEMS table, served by the binary so the link in
// every problem+json resolves even on an air-gapped network. `/problems` lists them all.
import { Elysia } from "elysia";
import { ApiError, PROBLEMS, type ProblemCode } from "../domain/errors.ts";

// Served on the dashboard's origin: nothing but their own inline style may run or load, and no
// other site may frame them.
const HTML = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "public, max-age=3600",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Escapes, then renders `code spans` as <code>. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.5rem;margin-bottom:.25rem}.status{color:#555;margin-top:0}code{background:#f2f2f2;padding:0 .25em;border-radius:3px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}a{color:#0645ad}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Assay</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function problemPage(code: ProblemCode): string {
  const [status, title, meaning, fix] = PROBLEMS[code];
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="status">HTTP ${status} · code <code>${code}</code></p>
<h2>What it means</h2><p>${inline(meaning)}</p>
<h2>How to fix it</h2><p>${inline(fix)}</p>
<p>Every error answer is <code>application/problem+json</code> (RFC 9457) with this page as its <code>type</code>, a <code>detail</code> about this request and a <code>request_id</code> to quote to the operator.</p>
<p><a href="/problems">All error codes</a> · <a href="/docs">API reference</a></p>`,
  );
}

export function problemIndex(): string {
  const rows = Object.entries(PROBLEMS)
    .map(([code, [status, title, meaning]]) => `<tr><td>${status}</td><td><a href="/problems/${code}"><code>${code}</code></a></td><td>${escapeHtml(title)}: ${inline(meaning)}</td></tr>`)
    .join("\n");
  return page("Error codes", `<h1>Error codes</h1><table><tr><th>status</th><th>code</th><th>meaning</th></tr>\n${rows}</table><p><a href="/docs">API reference</a></p>`);
}

export function problemRoutes() {
  return new Elysia({ name: "assay.problems" })
    .get("/problems", () => new Response(problemIndex(), { headers: HTML }), { detail: { hide: true } })
    .get(
      "/problems/:code",
      ({ params }) => {
        // A path that is no valid percent-encoding (/problems/%zz) reaches the route without its parameter.
        const code: unknown = params.code;
        if (typeof code !== "string") throw new ApiError("not_found", "no such error code (the path is not valid percent-encoding); /problems lists them");
        if (!Object.hasOwn(PROBLEMS, code)) throw new ApiError("not_found", `no error code "${code}"; /problems lists them`);
        return new Response(problemPage(code as ProblemCode), { headers: HTML });
      },
      { detail: { hide: true } },
    );
}
