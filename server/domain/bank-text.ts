import Encoding from "encoding-japanese";

/**
 * The one alphabet of bank names: what the Zengin (全銀協) transfer file can carry. The profile
 * accepts an account holder only when this function can write it, and the bank file writes
 * names with it, so a name a member could save is always a name the file can hold.
 */

const SMALL_KANA: Record<string, string> = {
  ァ: "ア",
  ィ: "イ",
  ゥ: "ウ",
  ェ: "エ",
  ォ: "オ",
  ッ: "ツ",
  ャ: "ヤ",
  ュ: "ユ",
  ョ: "ヨ",
  ヮ: "ワ",
  ヵ: "カ",
  ヶ: "ケ",
};

/**
 * The account holder's field in the bank file's data record (受取人名): 30 half-width
 * characters, counted after conversion (a voiced kana takes two: ﾀﾞ).
 */
export const ZENGIN_HOLDER_MAX = 30;

/** Half-width katakana, their sound marks, A–Z, digits, space and the signs banks accept. */
const ZENGIN_TEXT = /^[\uFF66\uFF71-\uFF9F0-9A-Z ().,\-/\\\uFF62\uFF63]*$/;

/**
 * A name as the bank file carries it, or null when some character has no Zengin form (kanji,
 * emoji...). Full-width and half-width input both work: "ヤマダ タロウ", "ﾔﾏﾀﾞ ﾀﾛｳ", "やまだ
 * たろう" and "Yamada" all convert; small kana become large ones (banks' rule) and the long
 * vowel mark a hyphen.
 */
export function zenginText(value: string): string | null {
  const wide = Encoding.toKatakanaCase(value.normalize("NFKC"))
    .toUpperCase()
    .replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_KANA[c] ?? c)
    .replace(/[ー―‐－]/g, "-")
    .replace(/[「」]/g, (c) => (c === "「" ? "\uFF62" : "\uFF63"))
    .replace(/\s+/g, " ")
    .trim();
  const narrow = Encoding.toHankanaCase(wide);
  return ZENGIN_TEXT.test(narrow) ? narrow : null;
}
