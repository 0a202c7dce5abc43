/**
 * Language settings shared by the server and the browser. The spec keeps the choice in
 * localStorage under `language`; a cookie of the same name mirrors it so the server renders
 * the chosen language on the first byte. ja is the default and the fallback.
 */
export const SUPPORTED_LANGUAGES = ["ja", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ja";
export const LANGUAGE_STORAGE_KEY = "language";
export const LANGUAGE_COOKIE = "language";
export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Namespaces every page loads; feature routes add their own through `handle.i18n`. */
export const DEFAULT_NAMESPACE = "common";

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

export const i18nOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [DEFAULT_NAMESPACE],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
