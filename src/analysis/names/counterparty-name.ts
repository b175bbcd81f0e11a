// A counterparty's name reduced to what a reader sees, and the test of whether one name imitates
// another. Fraud with a fictitious supplier names it so that an approver reading a payment run
// takes it for a real one: the same letters in another case or spacing ("North-Wind Traders"),
// digits that look like letters ("C0ntoso"), the legal form spelt differently ("Gmbh."), or a
// letter or two off in a word ("Acme Suplies"). Names that differ by a whole word, a number or an
// initial are how legitimate, distinct businesses and people are told apart ("Store 12" and
// "Store 13", "Site A" and "Site B", "J Smith" and "K Smith") and never count.
import { boundedEditDistance } from "./edit-distance.ts";

export interface NameKey {
  /** The words of the name without its legal form, folded (case, accents, homoglyphs). */
  words: readonly string[];
  /** The words run together: spacing and hyphens are not what a reader tells names apart by. */
  compact: string;
  /** The legal form in a canonical spelling ("ltd", "gmbh"; several joined by spaces), or "". */
  legalForm: string;
}

/** Legal forms by their spellings (lower case, without dots), as they end a company's name. */
const LEGAL_FORMS: Record<string, string> = {
  ltd: "ltd", limited: "ltd", plc: "plc", llp: "llp", lp: "lp", llc: "llc", inc: "inc", incorporated: "inc",
  corp: "corp", corporation: "corp", co: "co", company: "co", gmbh: "gmbh", ag: "ag", kg: "kg", ug: "ug",
  sa: "sa", sas: "sas", sarl: "sarl", srl: "srl", spa: "spa", bv: "bv", nv: "nv", pty: "pty", pte: "pte",
  oy: "oy", ab: "ab", as: "as", aps: "aps", kft: "kft", sro: "sro", sp: "sp", zoo: "zoo",
};

/**
 * A word counts as misspelt by at most one edit per this many letters: a word shorter than this
 * changed by one letter is usually another word or name (John/Joan, Smith/Smyth, Acme/Acne),
 * while in a longer one a changed letter is what a reader skims over. The same ratio allows two
 * edits in a word of twelve letters or more.
 */
export const LETTERS_PER_EDIT = 6;
/** A name shorter than this (BT, EE, O2) is an abbreviation: too short to imitate by its spelling. */
export const MIN_NAME_LETTERS = 4;

/** The name's key, or undefined when nothing of it is left to compare (empty, only a legal form). */
export function nameKey(raw: string): NameKey | undefined {
  // Accents go (Müller = Muller); dots and apostrophes join what they separate (S.A. = SA,
  // O'Brien = OBrien); & is "and"; every other mark separates words.
  const text = foldScriptLookalikes(raw.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""))
    .toLowerCase()
    .replace(/[.'’`]/g, "")
    .replace(/&/g, " and ");
  const words = text.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
  const legal: string[] = [];
  // The legal form ends the name ("Pty Ltd", "GmbH & Co KG"); a name that is only one stays.
  while (words.length > 1 && LEGAL_FORMS[words[words.length - 1]!] !== undefined) legal.unshift(LEGAL_FORMS[words.pop()!]!);
  if (words[words.length - 1] === "and" && legal.length > 0 && words.length > 1) words.pop();
  const folded = words.map(foldHomoglyphs);
  const compact = folded.join("");
  if (compact.length === 0) return undefined;
  return { words: folded, compact, legalForm: legal.join(" ") };
}

/**
 * Cyrillic and Greek letters drawn exactly like Latin ones (Cyrillic А, с, е, о, р; Greek Α, Ο,
 * Ρ…): the homograph a fictitious supplier hides in a real one's name — "Асme Supplies Ltd" with
 * a Cyrillic А and с reads as "Acme Supplies Ltd" to everyone, while a comparison of letters saw
 * "me supplies" and passed it by (sixth attack pass).
 */
const SCRIPT_LOOKALIKES: Record<string, string> = {
  // Cyrillic capitals and small letters
  "\u0410": "A", "\u0412": "B", "\u0415": "E", "\u041a": "K", "\u041c": "M", "\u041d": "H", "\u041e": "O", "\u0420": "P", "\u0421": "C", "\u0422": "T",
  "\u0423": "Y", "\u0425": "X", "\u0405": "S", "\u0406": "I", "\u0408": "J", "\u04ae": "Y", "\u04ba": "H", "\u04c0": "I", "\u051a": "Q", "\u051c": "W",
  "\u0430": "a", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0443": "y", "\u0445": "x", "\u0455": "s", "\u0456": "i", "\u0458": "j",
  "\u0501": "d", "\u04bb": "h", "\u051b": "q", "\u051d": "w", "\u04af": "y", "\u04cf": "l",
  // Greek capitals and small letters
  "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u0399": "I", "\u039a": "K", "\u039c": "M", "\u039d": "N", "\u039f": "O",
  "\u03a1": "P", "\u03a4": "T", "\u03a5": "Y", "\u03a7": "X", "\u03b1": "a", "\u03b9": "i", "\u03ba": "k", "\u03bd": "v", "\u03bf": "o", "\u03c1": "p",
  "\u03c5": "u", "\u03c7": "x",
};
const LOOKALIKE = new RegExp(`[${Object.keys(SCRIPT_LOOKALIKES).join("")}]`, "g");
/** A word drawn in Latin letters only, once its look-alikes are read as the Latin letters they show. */
const LATIN_LOOKING_WORD = new RegExp(`^[A-Za-z0-9${Object.keys(SCRIPT_LOOKALIKES).join("")}]+$`);

/**
 * The name with its Cyrillic and Greek look-alikes read as Latin, word by word, where the name is
 * a Latin one: it has a Latin letter, or every letter of it looks Latin. A word with any other
 * Cyrillic or Greek letter (Торговый) is left as it is, so a name written in those scripts is read
 * as before (two Russian companies sharing a word such as КОМЕТА are not made one name).
 */
function foldScriptLookalikes(text: string): string {
  LOOKALIKE.lastIndex = 0;
  if (!LOOKALIKE.test(text)) return text;
  const words = text.split(/([^\p{L}\p{N}]+)/u);
  const latinName = /[A-Za-z]/.test(text) || words.every((w, i) => i % 2 === 1 || w === "" || LATIN_LOOKING_WORD.test(w));
  if (!latinName) return text;
  return words.map((w, i) => (i % 2 === 0 && LATIN_LOOKING_WORD.test(w) ? w.replace(LOOKALIKE, (c) => SCRIPT_LOOKALIKES[c]!) : w)).join("");
}

/**
 * Letters and digits a reader takes for one another, in one spelling: 0 and o, 1 and l, 5 and s
 * in a word that mixes letters and digits (a number stays a number: "Store 10" is not "Store lo"),
 * and i and l in words of three letters or more (an upper-case I and a lower-case l are the same
 * stroke in most fonts).
 */
function foldHomoglyphs(word: string): string {
  let w = word;
  if (/[a-z]/.test(w) && /[0-9]/.test(w)) w = w.replace(/0/g, "o").replace(/1/g, "l").replace(/5/g, "s");
  // An initial or a two-letter code is read letter by letter (Site I is not Site L).
  return w.length < 3 ? w : w.replace(/i/g, "l");
}

export type Resemblance = "identical" | "same_after_normalising" | "misspelt" | "other_legal_form";

export interface NameMatch {
  kind: Resemblance;
  /** Edits between the two names' letters (0 unless misspelt). */
  edits: number;
}

/**
 * Whether `candidate` reads as `established`: the same letters once case, spacing, punctuation,
 * accents, homoglyphs and the spelling of the legal form are set aside, or a word of it misspelt
 * by at most one edit per LETTERS_PER_EDIT letters. Two names whose only difference is their legal
 * form (Contoso GmbH, Contoso Inc) are reported as such: group companies are often named so.
 */
export function resembles(candidate: NameKey, established: NameKey, rawCandidate: string, rawEstablished: string): NameMatch | undefined {
  const a = candidate.compact;
  const b = established.compact;
  if (Math.min(a.length, b.length) < MIN_NAME_LETTERS) return undefined;
  const formsDiffer = candidate.legalForm !== "" && established.legalForm !== "" && candidate.legalForm !== established.legalForm;
  if (a === b) {
    if (formsDiffer) return { kind: "other_legal_form", edits: 0 };
    const identical = rawCandidate.trim().replace(/\s+/g, " ").toLowerCase() === rawEstablished.trim().replace(/\s+/g, " ").toLowerCase();
    return { kind: identical ? "identical" : "same_after_normalising", edits: 0 };
  }
  if (formsDiffer) return undefined;
  // Judged on the established name's word: the word the imitation was made from ("Summit" with a
  // letter dropped is a 5-letter "Smmit"). A number touched on either side keeps them apart.
  const imitated = wordLengthAtDifference(established, b, a);
  const allowed = wordLengthAtDifference(candidate, a, b) === 0 ? 0 : Math.floor(imitated / LETTERS_PER_EDIT);
  if (allowed === 0) return undefined;
  const edits = boundedEditDistance(a, b, allowed);
  return edits <= allowed ? { kind: "misspelt", edits } : undefined;
}

/**
 * The shortest word of `key` that the difference between its compact form `mine` and `other`
 * touches (0 when the difference touches a number: numbers are told apart digit by digit).
 * The difference is what lies between the longest common prefix and suffix.
 */
function wordLengthAtDifference(key: NameKey, mine: string, other: string): number {
  let prefix = 0;
  const max = Math.min(mine.length, other.length);
  while (prefix < max && mine.charCodeAt(prefix) === other.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && mine.charCodeAt(mine.length - 1 - suffix) === other.charCodeAt(other.length - 1 - suffix)) suffix++;
  // [from, to) in `mine`; where `mine` lacks what the other inserts, the letters either side.
  let from = prefix;
  let to = mine.length - suffix;
  if (to <= from) {
    from = Math.max(0, from - 1);
    to = Math.min(mine.length, to + 1);
  }
  let shortest = Number.POSITIVE_INFINITY;
  let start = 0;
  for (const word of key.words) {
    const end = start + word.length;
    if (end > from && start < to) {
      if (/^[0-9]+$/.test(word)) return 0;
      shortest = Math.min(shortest, word.length);
    }
    start = end;
  }
  return Number.isFinite(shortest) ? shortest : 0;
}
