import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { CoalescedStream } from "./lib/coalesced-stream.server";
import { NonceProvider } from "./components/nonce";
import { DEFAULT_LANGUAGE, i18nOptions } from "./i18n";
import { i18nServer } from "./i18n.server";
import { rememberTranslations } from "./lib/translations.server";
import { resources } from "./locales.server";
import "./load-context";

const ABORT_DELAY = 5_000;

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

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = await i18nFor(await i18nServer.getLocale(request));

  const nonce = loadContext.cspNonce;
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const crawler = isbot(request.headers.get("user-agent") ?? "");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render whose streamed parts are not ready in time; cleared once everything is
    // rendered. A timer left running kept every finished page's render in memory for
    // ABORT_DELAY and then aborted it for nothing (decision 036).
    let allRendered = false;
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const stopTimer = () => {
      allRendered = true;
      clearTimeout(abortTimer);
    };
    const respond = () => {
      shellRendered = true;
      const body = new CoalescedStream();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!crawler) respond();
        },
        onAllReady() {
          stopTimer();
          if (crawler) respond();
        },
        onShellError(error: unknown) {
          stopTimer();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell streamed are logged by Remix's handleError below.
          if (shellRendered) console.error(error);
        },
      },
    );
    if (!allRendered) abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}
