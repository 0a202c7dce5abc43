/**
 * The portal's languages, shared by the server and the browser (pure: no Node imports). The
 * choice is kept in localStorage under `language`; a cookie of the same name mirrors it
 * so the server renders the chosen language on the first byte. ja is the default and the
 * fallback.
 */
export const SUPPORTED_LANGUAGES = ["ja", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ja";
export const LANGUAGE_COOKIE = "language";

export function toLanguage(value: unknown): Language | null {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
    ? (value as Language)
    : null;
}

export function languageFromCookieHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  const match = header.match(/(?:^|;\s*)language=([^;]*)/);
  return match ? toLanguage(match[1]) : null;
}
