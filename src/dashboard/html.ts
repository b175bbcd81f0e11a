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

/** Bidirectional controls: embeddings, overrides, isolates and marks (Unicode's Bidi_Control). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for places where no markup can confine it — a page's <title>, a confirmation dialog's
 * message — without bidirectional controls: in a table cell a key name carrying U+202E (right-to-
 * left override) reverses only its own cell, but in "Revoke key ‮…? This cannot be undone." it
 * reversed the rest of the question the admin confirms.
 */
export function plainText(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
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
