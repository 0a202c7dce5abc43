/** i18next's settings for the server and the browser; the languages are in server/domain. */
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "#domain/language";

export {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  languageFromCookieHeader,
  SUPPORTED_LANGUAGES,
  toLanguage,
} from "#domain/language";
export const LANGUAGE_STORAGE_KEY = "language";
export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Namespaces every page loads; feature routes add their own through `handle.i18n`. */
export const DEFAULT_NAMESPACE = "common";

export const i18nOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [DEFAULT_NAMESPACE],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

/** Where the browser's i18next reads one namespace; the build version keeps it cacheable forever. */
export function localeUrl(version: string, language: string, namespace: string): string {
  return `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}?v=${encodeURIComponent(version)}`;
}

/**
 * The namespaces a page's routes ask for in `handle.i18n` (what remix-i18next's
 * getInitialNamespaces reads in the browser), each once.
 */
export function routeNamespaces(handles: readonly unknown[]): string[] {
  const names = handles.flatMap((handle) => {
    const i18n = (handle as { i18n?: unknown } | undefined)?.i18n;
    if (typeof i18n === "string") return [i18n];
    return Array.isArray(i18n) ? i18n.filter((n): n is string => typeof n === "string") : [];
  });
  return [...new Set(names)];
}
