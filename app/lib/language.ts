import { useFetcher } from "@remix-run/react";
import { useCallback } from "react";
import {
  type Language,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGE_STORAGE_KEY,
  languageFromCookieHeader,
  toLanguage,
} from "#app/i18n";

function readStored(): Language | null {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return null; // storage disabled: the cookie alone carries the choice
  }
}

function store(lng: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage disabled
  }
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/**
 * Runs before hydration. localStorage is where the choice lives; the cookie mirrors it
 * for the server. When they disagree (cookie expired or cleared) the cookie is rewritten and
 * the page reloaded once, so the server renders the stored language. Returns true when a
 * reload is under way.
 */
export function reconcileStoredLanguage(): boolean {
  const stored = readStored();
  const cookie = languageFromCookieHeader(document.cookie);
  if (!stored) {
    if (cookie) store(cookie); // keep a choice the cookie still remembers
    return false;
  }
  if (cookie === stored) return false;
  store(stored);
  const explicit = new URLSearchParams(window.location.search).has("lng");
  if (!explicit && document.documentElement.lang !== stored) {
    window.location.reload();
    return true;
  }
  return false;
}

/**
 * Switches the language: stores it, then tells the server (the /language action keeps it on
 * the account), after which Remix re-runs the page's loaders in the new language.
 */
export function useLanguageChoice(): (lng: Language) => void {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  return useCallback(
    (lng: Language) => {
      store(lng);
      submit({ language: lng }, { method: "post", action: "/language" });
    },
    [submit],
  );
}
