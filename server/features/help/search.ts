/**
 * Search text for the help centre, the same on both engines: MySQL compares our columns
 * byte for byte (utf8mb4_bin) and SQLite's LIKE folds ASCII case only, so neither may be left
 * to fold. Articles store their texts normalised once (search_text) and the query is
 * normalised the same way: NFKC (full-width letters and digits, half-width katakana), lower
 * case, and katakana as hiragana, so "ｷｬｯｼｭﾊﾞｯｸ", "きゃっしゅばっく" and "キャッシュバック" all
 * find each other, and a part of a word is found by LIKE '%…%'.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/\s+/g, " ")
    .trim();
}

/** The texts of an article as stored in search_text (both languages, title and body). */
export function searchText(a: {
  title: string;
  titleEn: string | null;
  body: string;
  bodyEn: string | null;
}): string {
  return normalizeForSearch([a.title, a.titleEn ?? "", a.body, a.bodyEn ?? ""].join("\n"));
}
