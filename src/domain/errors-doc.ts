// docs/errors.md, generated from the PROBLEMS table (`bun run src/domain/errors-doc.ts >
// docs/errors.md`); test/http/problems.e2e.test.ts checks the file is current.
import { PROBLEMS } from "./errors.ts";

export function errorsMarkdown(): string {
  const sections = Object.entries(PROBLEMS).map(
    ([code, [status, title, meaning, fix]]) => `## \`${code}\`\n\n**${status} ${title}.** ${meaning}\n\n**Fix:** ${fix}\n`,
  );
  return `# Error codes

<!-- Generated from PROBLEMS in src/domain/errors.ts by \`bun run src/domain/errors-doc.ts > docs/errors.md\`; do not edit by hand. -->

Every error is an RFC 9457 \`application/problem+json\` answer:

\`\`\`json
{"type":"/problems/invalid_signature","title":"Invalid signature","status":401,
 "detail":"the signature does not match HMAC-SHA256 of the exact request body bytes",
 "code":"invalid_signature","request_id":"req_01JC…"}
\`\`\`

\`code\` is stable: program against it, not against \`title\` or \`detail\`. \`type\` resolves: the
server itself serves \`/problems/<code>\` as a short page (what it means, how to fix it), and
\`/problems\` lists every code. Validation errors add \`errors[]\` (\`{path, message}\` by JSON
pointer); some add \`valid_values\`. A 401 also carries \`WWW-Authenticate: Bearer realm="assay", …\`
naming the signature header; a 429 and 503s carry \`Retry-After\`.

| status | code | title |
| --- | --- | --- |
${Object.entries(PROBLEMS)
  .map(([code, [status, title]]) => `| ${status} | [\`${code}\`](#${code}) | ${title} |`)
  .join("\n")}

${sections.join("\n")}`;
}

if (import.meta.main) process.stdout.write(errorsMarkdown());
