import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { DEFAULT_LANGUAGE, i18nOptions } from "./i18n";
import { i18nServer } from "./i18n.server";
import { rememberTranslations } from "./lib/translations.server";
import { resources } from "./locales.server";
import "./load-context";
import { isFresh, notModified, weakEtag } from "./lib/conditional.server";

/**
 * One i18next instance per language, made on first use and shared by every request after it.
 * Every namespace is bundled (resources), so an instance holds all a page can ask for and
 * nothing on the server changes its language: a fresh instance per request, as before, gave
 * the same strings and showed in the CPU profile of every page (decision 026).
 */
const instances = new Map<string, Promise<I18n>>();

function i18nFor(lng: string): Promise<I18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const i18n = createInstance();
    instance = i18n
      .use(initReactI18next)
      .init({ ...i18nOptions, lng, ns: Object.keys(resources[DEFAULT_LANGUAGE]), resources })
      .then(() => rememberTranslations(i18n));
    // A failed start is not kept: the next request tries again.
    instance.catch(() => instances.delete(lng));
    instances.set(lng, instance);
  }
  return instance;
}

/**
 * The whole document rendered to one string. No loader defers and nothing suspends while the
 * server renders (the charts and badges that load lazily render only once hydrated), so a
 * stream had nothing to send early: the document was complete before its first byte either
 * way. React's stream encoded each piece into 2 KB views and wrote every view through the
 * stream and the compression; a string is joined once and written once (decision 057).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = await i18nFor(await i18nServer.getLocale(request));
  const nonce = loadContext.cspNonce;
  const html = renderToString(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
  );
  // Bytes, not a string: a string body is checked for lone surrogates and encoded again. Its
  // length lets the compression size its window to the page (server/compression.ts).
  const body = Buffer.from(`<!DOCTYPE html>${html}`);
  // A page that chose to be cached (the public pages) carries an ETag, and a client or CDN that
  // holds it gets 304. The CSP nonce differs on every answer while the page does not, so the
  // tag leaves it out (the 304 carries no new policy: server/page-cache.ts). A page that chose
  // nothing is a member's and gets no tag and no-store there.
  const cache = responseHeaders.get("Cache-Control");
  if (responseStatusCode === 200 && cache !== null && !cache.includes("no-store")) {
    const etag = weakEtag(nonce ? html.split(nonce).join("") : html);
    responseHeaders.set("ETag", etag);
    if (isFresh(request, etag)) return notModified(responseHeaders);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(body.length));
  return new Response(body, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
