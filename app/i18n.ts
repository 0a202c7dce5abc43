/** i18next's settings for the server and the browser; the languages are in server/domain. */
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "../server/domain/language";

export {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  languageFromCookieHeader,
  SUPPORTED_LANGUAGES,
  toLanguage,
} from "../server/domain/language";
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
