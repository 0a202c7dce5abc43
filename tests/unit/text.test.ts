import { describe, expect, it } from "vitest";
import {
  findUnsafeText,
  isNameField,
  isSafeName,
  isSafeText,
  nameText,
  nicknameSchema,
} from "#domain/text";

/**
 * The two text rules, as one table: what multi-line free text (chat, messages, descriptions)
 * and what a name (name, nickname, account holder, titles and labels admins write) accept.
 * "text" and "name" say whether each accepts the sample.
 */
const TABLE: [what: string, sample: string, text: boolean, name: boolean][] = [
  // Controls: only line breaks, and only in free text.
  ["NUL", "a\u0000b", false, false],
  ["bell", "a\u0007", false, false],
  ["escape", "\u001b[31mred", false, false],
  ["DEL", "a\u007f", false, false],
  ["C1 control", "a\u0085b", false, false],
  ["tab", "a\tb", false, false],
  ["line feed", "一行目\n二行目", true, false],
  ["CR LF", "一行目\r\n二行目", true, false],
  // Bidirectional controls: never.
  ["right-to-left override", "invoice\u202Egpj.exe", false, false],
  ["left-to-right embedding", "\u202Aabc", false, false],
  ["right-to-left isolate", "\u2067abc\u2069", false, false],
  ["right-to-left mark", "abc\u200F", false, false],
  ["Arabic letter mark", "\u061Cabc", false, false],
  // Separators and invisible formatting.
  ["line separator", "a\u2028b", false, false],
  ["paragraph separator", "a\u2029b", false, false],
  ["zero-width space", "ad\u200Bmin", false, false],
  ["word joiner", "ad\u2060min", false, false],
  ["byte order mark", "\uFEFFname", false, false],
  ["interlinear annotation", "a\uFFF9b\uFFFBc", false, false],
  ["soft hyphen", "ad\u00ADmin", true, false],
  ["Mongolian vowel separator", "a\u180Eb", true, false],
  ["combining grapheme joiner", "\u034F", true, false],
  // Fillers that render blank.
  ["Hangul filler", "\u3164", true, false],
  ["Hangul choseong and jungseong fillers", "\u115F\u1160", true, false],
  ["half-width Hangul filler", "\uFFA0", true, false],
  ["braille blank", "\u2800", true, false],
  ["musical null notehead", "\u{1D159}", true, false],
  ["Egyptian hieroglyph full blank", "\u{13441}", true, false],
  ["Egyptian hieroglyph half blank", "\u{13442}\u{13442}", true, false],
  ["blanks around a letter", "\u{1D159}a\u{13441}", true, false],
  ["Khitan small script filler", "\u{16FE4}", true, false],
  // Emoji sequences: joiners and variation selectors in free text; a name may keep the
  // variation selector of one emoji, not a joiner.
  ["emoji with a joiner", "👨‍👩‍👧 family", true, false],
  ["emoji with a variation selector", "はなこ❤️", true, true],
  ["a lone variation selector", "\uFE0F", true, false],
  ["a lone combining mark", "\u0301", true, false],
  // Plain text of every script.
  ["Japanese", "山田 太郎", true, true],
  ["katakana", "ヤマダ タロウ", true, true],
  ["half-width katakana", "ﾔﾏﾀﾞ ﾀﾛｳ", true, true],
  ["full-width space", "山田　太郎", true, true],
  ["Arabic", "مرحبا", true, true],
  ["accents", "Zoë Ångström", true, true],
  ["Korean", "김민수", true, true],
];

describe("text rules", () => {
  it.each(TABLE)("%s (%j): free text %s, name %s", (_what, sample, text, name) => {
    expect(isSafeText(sample)).toBe(text);
    expect(isSafeName(sample)).toBe(name);
  });

  it("a nickname of whitespace only (ideographic spaces included) is missing", () => {
    for (const blank of ["\u3000\u3000", " \u00A0\u2003 "]) {
      expect(nicknameSchema.safeParse(blank).error?.issues[0]?.message).toBe("required");
    }
  });

  it("a name's zod rule refuses what isSafeName refuses, as a field message", () => {
    expect(nameText.safeParse("はなこ").success).toBe(true);
    const refused = nameText.safeParse("\u3164");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("nameInvisible");
  });

  it("knows name fields by their key, in both languages' columns", () => {
    for (const key of [
      "name",
      "nickname",
      "nameEn",
      "title",
      "titleEn",
      "label",
      "accountHolder",
      "bankName",
      "branchName",
      "requesterName",
    ]) {
      expect(isNameField(key), key).toBe(true);
    }
    for (const key of ["body", "description", "message", "reason", "names", "email"]) {
      expect(isNameField(key), key).toBe(false);
    }
  });

  it("finds the field of an unsafe string at any depth, passwords aside", () => {
    expect(findUnsafeText({ name: "ok", nested: { items: ["fine", "bad\u202E"] } })).toEqual({
      path: ["nested", "items", 1],
      message: "controlChars",
    });
    expect(findUnsafeText({ password: "p\u0000ss", nickname: "ok" })).toBeNull();
    expect(findUnsafeText("top\u0000")).toEqual({ path: [], message: "controlChars" });
    expect(findUnsafeText({ amount: 100, ok: true, none: null })).toBeNull();
  });

  it("holds name fields to the name rule and free text to its own", () => {
    expect(findUnsafeText({ nickname: "\u3164" })).toEqual({
      path: ["nickname"],
      message: "nameInvisible",
    });
    expect(findUnsafeText({ rewards: [{ nameEn: "a\nb" }] })).toEqual({
      path: ["rewards", 0, "nameEn"],
      message: "nameInvisible",
    });
    // The same characters in a message are fine: it has lines and may hold a filler.
    expect(findUnsafeText({ body: "一行目\n\u3164二行目" })).toBeNull();
    // An empty name is the schema's "required", not this rule's.
    expect(findUnsafeText({ nickname: "" })).toBeNull();
  });
});
