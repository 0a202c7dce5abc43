import { RemixI18Next } from "remix-i18next/server";
import {
  DEFAULT_LANGUAGE,
  i18nOptions,
  languageFromCookieHeader,
  SUPPORTED_LANGUAGES,
} from "./i18n";
import { resources } from "./locales.server";

/**
 * Language detection from the `lng` search parameter, then the `language` cookie, then ja.
 * Accept-Language is deliberately ignored: browsers send en-US by default, and the
 * portal's default is ja (its members are in Japan).
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["searchParams", "custom"],
    searchParamKey: "lng",
    findLocale: async (request) => languageFromCookieHeader(request.headers.get("Cookie")),
  },
  i18next: { ...i18nOptions, resources },
});
