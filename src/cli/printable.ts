// Text the CLI prints for people comes partly from others: an alert's title and transaction id
// from API clients, a key's name from dashboard users, a failed report's reason from a source's
// files. A terminal acts on control characters in it — ESC sequences retitle the window, clear
// the screen, hide or recolour what follows, and OSC 52 writes the clipboard on many terminals;
// CR and LF forge lines; bidi overrides reorder the rest of the line. Such characters are shown
// as escapes instead (`\x1b`, `\r`, `\u202e`). --json output is for programs and keeps the text
// exactly.

/** C0 controls (tab and line breaks too: one cell is one line), DEL, C1 controls, and the invisible marks that reorder or break text. */
const TERMINAL_CONTROLS = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function visible(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** `text` with every character a terminal would act on written as a visible escape. */
export function printable(text: string): string {
  return text.replace(TERMINAL_CONTROLS, visible);
}
