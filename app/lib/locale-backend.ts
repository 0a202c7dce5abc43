import type { BackendModule, ReadCallback } from "i18next";
import { localeUrl } from "#app/i18n";

/**
 * The browser's i18next backend: one fetch of `/locales/<lng>/<ns>` per namespace a page needs.
 * It replaces i18next-http-backend, whose XHR fallbacks, option parsing and reload plumbing
 * were 12 KB of the entry script that this same-origin JSON route never needs.
 */
export function localeBackend(version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = localeUrl(version, language, namespace);
      fetch(url, { credentials: "same-origin" })
        .then(async (response) => {
          // i18next retries a failed read when the error says so; a 4xx will not get better.
          if (!response.ok) {
            callback(new Error(`${url}: HTTP ${response.status}`), response.status >= 500);
            return;
          }
          callback(null, (await response.json()) as Record<string, unknown>);
        })
        .catch((error: unknown) => callback(error as Error, true));
    },
  };
}
