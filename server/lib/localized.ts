import type { Language } from "../domain/language";

/**
 * Admin-written content in the reader's language. Each text has its column, the
 * Japanese, and a nullable `<column>_en` beside it. English readers get the English where it is
 * written (not blank); everyone else, and every gap, gets the Japanese: a member never sees an
 * empty title because a translation is missing.
 */
type English<K extends string> = { [P in `${K}_en`]: string | null };

export function localized<K extends string>(
  row: { [P in K]: string } & English<K>,
  field: K,
  locale: Language,
): string;
export function localized<K extends string>(
  row: { [P in K]: string | null } & English<K>,
  field: K,
  locale: Language,
): string | null;
export function localized<K extends string>(
  row: { [P in K]: string | null } & English<K>,
  field: K,
  locale: Language,
): string | null {
  if (locale === "en") {
    const english = (row as English<K>)[`${field}_en`];
    if (english !== null && english.trim() !== "") return english;
  }
  return row[field];
}

/**
 * Free text an admin wrote to one member (a rejection reason, a present's note) in the reader's
 * language, and the language it is in: the page marks Japanese shown to an English reader.
 */
export function readerText(
  japanese: string | null,
  english: string | null,
  locale: Language,
): { text: string | null; lang: Language | null } {
  if (locale === "en" && english !== null && english.trim() !== "")
    return { text: english, lang: "en" };
  return { text: japanese, lang: japanese === null ? null : "ja" };
}

/**
 * Whether `localized` gives an English reader the Japanese (no English written): the page marks
 * such a text with the "Japanese" badge and its `lang`.
 */
export function inJapanese<K extends string>(
  row: { [P in K]: string | null } & English<K>,
  field: K,
  locale: Language,
): boolean {
  if (locale !== "en" || row[field] === null) return false;
  const english = (row as English<K>)[`${field}_en`];
  return english === null || english.trim() === "";
}
