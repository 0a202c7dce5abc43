import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { DEFAULT_LANGUAGE, i18nOptions, toLanguage } from "./i18n";
import { localeBackend } from "./lib/locale-backend";
import { reconcileStoredLanguage } from "./lib/language";

declare global {
  interface Window {
    __remixManifest: { version: string };
  }
}

async function hydrate() {
  if (reconcileStoredLanguage()) return; // reloading in the stored language
  await i18next
    .use(initReactI18next)
    .use(localeBackend(window.__remixManifest.version))
    .init({
      ...i18nOptions,
      // The server already chose the language; the client follows <html lang>.
      lng: toLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE,
      ns: getInitialNamespaces(),
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
