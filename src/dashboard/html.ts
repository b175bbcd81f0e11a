// Server-side HTML with every interpolated value escaped: `html\`<p>${name}</p>\`` escapes `name`
// unless it is itself the result of `html` (a SafeHtml), so markup composes and data never
// becomes markup.
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

type Value = SafeHtml | string | number | boolean | null | undefined | Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Markup built elsewhere and known to be safe (e.g. an SVG the server drew from numbers). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** "2026-11-01T10:00:00.000Z" → "2026-11-01 10:00 UTC"; "—" for null. */
export function when(isoTime: string | null | undefined): string {
  if (!isoTime) return "—";
  return `${isoTime.slice(0, 10)} ${isoTime.slice(11, 16)} UTC`;
}
