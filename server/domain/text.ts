import * as z from "zod";
import { required as present } from "./fields";

/**
 * The two rules for text a person types here, shared by every procedure (server/trpc/init.ts
 * checks every input string once) and by the forms that parse with the same schemas.
 *
 * Multi-line free text (chat, messages, descriptions, reasons) keeps its line breaks and emoji
 * sequences (the zero-width joiner, variation selectors) but refuses every other control
 * character (NUL first, tab included), DEL and C1 controls, bidirectional overrides,
 * embeddings, isolates and marks (a right-to-left override makes "gpj.exe" read as "exe.jpg"),
 * line and paragraph separators, and the invisible characters that only hide text (zero-width
 * space, word joiner and invisible operators, the BOM, interlinear annotations).
 */
export const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/**
 * Characters that are letters or symbols to Unicode yet draw an empty cell: no property marks
 * them, so they are named here (the Unicode names say "blank" or "null"). The braille blank
 * U+2800, the musical null notehead U+1D159, and the Egyptian hieroglyph full and half blanks
 * U+13441 and U+13442. The Hangul fillers are Default_Ignorable_Code_Point already; the Khitan
 * filler U+16FE4 is a mark, which never counts as drawing by itself.
 */
export const BLANK_GLYPHS = ["\u2800", "\u{1D159}", "\u{13441}", "\u{13442}"] as const;

/**
 * A name (name, nickname, account holder, the titles and labels admins write) is one line of
 * characters that show: no control (line breaks and tab included), format (Cf: soft hyphen,
 * joiners, the Mongolian vowel separator, interlinear annotations...), line or paragraph
 * separator, private-use or lone surrogate, and none of the default-ignorable characters
 * that render as nothing (the combining grapheme joiner; the Hangul fillers U+115F, U+1160,
 * U+3164, U+FFA0), nor a BLANK_GLYPH. Variation selectors stay (an emoji's presentation), but
 * a name must show at least one character of its own. Default_Ignorable_Code_Point comes from
 * the engine's Unicode tables, kept current with each Node release.
 */
const UNSAFE_NAME = new RegExp(
  `[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Co}\\p{Cs}${BLANK_GLYPHS.join("")}]` +
    "|(?![\\u{FE00}-\\u{FE0F}\\u{E0100}-\\u{E01EF}])\\p{Default_Ignorable_Code_Point}",
  "u",
);

/** A character that shows by itself: not a space, not a mark, not a control or format. */
const VISIBLE = /[^\s\p{Z}\p{M}\p{C}]/u;

export function isSafeName(text: string): boolean {
  // An empty or all-space name is the schema's "required", not this rule's.
  if (text.trim() === "") return true;
  return !UNSAFE_NAME.test(text) && VISIBLE.test(text);
}

/** The name rule as a zod check, for the name fields of forms and procedures. */
export const nameText = z.string().refine(isSafeName, "nameInvisible");

/**
 * Whether an input key names a name field: `name`, `nickname`, `title`, `label`, an account
 * `holder`, and compounds (`bankName`, `requesterName`) and English columns (`titleEn`). The
 * check of every input uses it, so a new title or label field is held to the name rule without
 * anyone having to remember it.
 */
export function isNameField(key: string): boolean {
  return /(?:^|[a-z])(?:[Nn]ame|[Nn]ickname|[Tt]itle|[Ll]abel|[Hh]older)(?:En|Ja)?$/.test(key);
}

/** Fields whose text is never shown (hashed or compared only): any character goes. */
const OPAQUE_FIELDS = new Set(["password", "passwordConfirm", "currentPassword", "token"]);

export interface UnsafeText {
  path: (string | number)[];
  /** The field message: `controlChars` (either rule) or `nameInvisible` (a name field). */
  message: "controlChars" | "nameInvisible";
}

/**
 * The first string in an input (any depth) that its field's rule refuses, or null: name fields
 * (by key) get the name rule, every other string the free-text rule. Used once for every
 * procedure's input, so no name, title or message field can be missed.
 */
export function findUnsafeText(
  value: unknown,
  path: (string | number)[] = [],
  name = false,
): UnsafeText | null {
  if (typeof value === "string") {
    if (!isSafeText(value)) return { path, message: "controlChars" };
    if (name && !isSafeName(value)) return { path, message: "nameInvisible" };
    return null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i], name);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (OPAQUE_FIELDS.has(key)) continue;
      const found = findUnsafeText(item, [...path, key], isNameField(key));
      if (found) return found;
    }
  }
  return null;
}

// The name fields' schemas live here, beside their rule, so a form that asks for a name (the
// profile) does not carry every account schema to the browser.

/** Name in half-width English letters (words separated by single spaces). */
export const nameSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, present)
  .max(100, "tooLong")
  .regex(/^[A-Za-z]+(?: [A-Za-z]+)*$/, "nameLetters");

/** Any script and emoji, one line of characters that show (the shared name rule). */
export const nicknameSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, present)
  .max(30, "tooLong")
  .refine(isSafeName, "nameInvisible");
