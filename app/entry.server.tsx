import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { i18nServer } from "./i18n.server";
import { i18nFor } from "./lib/translations.server";
import "./load-context";
import { isFresh, notModified, weakEtag } from "./lib/conditional.server";

/**
 * What a document every visitor may share is kept under: its address and the whole of its
 * loaders' data, so a kept document is only ever the one this data renders. Null for any
 * other answer: a person's page (no `public` Cache-Control), an error, a form's answer.
 */
function sharedDocumentKey(
  request: Request,
  status: number,
  headers: Headers,
  { staticHandlerContext: context }: EntryContext,
): string | null {
  if (request.method !== "GET" || status !== 200) return null;
  if (!/(^|,)\s*public\s*(,|$)/.test(headers.get("Cache-Control") ?? "")) return null;
  if (context.errors || context.actionData) return null;
  return createHash("sha256")
    .update(request.url)
    .update("\0")
    .update(JSON.stringify(context.loaderData))
    .digest("base64");
}

/**
 * How long a loader's promise may stay pending in the data the page carries (single fetch
 * streams the loaders' data as turbo-stream); the render is given a second more.
 */
export const streamTimeout = 5_000;

/**
 * The whole document rendered, then sent at once. Single fetch hands the loaders' data to the
 * page through React's streaming renderer (inside a Suspense boundary), so `renderToString`
 * cannot render it; the stream is read to its end (`onAllReady`) and joined into one body.
 * No loader defers and nothing suspends but that data, so a stream had nothing to send early:
 * the document was complete before its first byte either way, and one body written once is
 * what the compression and the ETag below want.
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
  const shared = sharedDocumentKey(request, responseStatusCode, responseHeaders, remixContext);
  const kept = shared === null ? undefined : loadContext.publicDocuments.get(shared, nonce);
  const rendered = kept
    ? { body: Buffer.from(kept.html, "utf8"), failed: false }
    : await renderDocument(
        <NonceProvider value={nonce}>
          <I18nextProvider i18n={i18n}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </NonceProvider>,
        nonce,
        (error) => loadContext.log.error({ err: error }, "page render failed"),
      );
  // A render that failed after the shell (an error React left to the browser) answers 500, as
  // Remix's own entry does.
  const status = rendered.failed ? 500 : responseStatusCode;
  // Bytes, as React wrote them: a string body is checked for lone surrogates and encoded again.
  // Its length lets the compression size its window to the page (server/compression.ts).
  const body = rendered.body;
  const cache = responseHeaders.get("Cache-Control");
  if (status === 200 && cache !== null && !cache.includes("no-store")) {
    // A kept document's tag is the one it was given: the same bytes but for the nonce.
    let etag = kept?.etag;
    if (etag === undefined) {
      const html = body.toString("utf8");
      etag = weakEtag(nonce ? html.split(nonce).join("") : html);
      if (shared !== null) loadContext.publicDocuments.set(shared, html, nonce, etag);
    }
    responseHeaders.set("ETag", etag);
    if (isFresh(request, etag)) return notModified(responseHeaders);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(body.length));
  return new Response(body, {
    headers: responseHeaders,
    status,
  });
}

/**
 * The document read from React's stream to its end, after the doctype: its bytes, and whether
 * an error was reported. A shell that fails rejects (Remix then renders the
 * error boundary); a render still waiting `streamTimeout` and a second later is aborted.
 */
function renderDocument(
  element: ReactElement,
  nonce: string,
  onError: (error: unknown) => void,
): Promise<{ body: Buffer<ArrayBuffer>; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const chunks: Buffer[] = [DOCTYPE];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        // concat copies into a new, unshared ArrayBuffer.
        resolve({ body: Buffer.concat(chunks) as Buffer<ArrayBuffer>, failed });
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: nonce || undefined,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        failed = true;
        // A failed shell is Remix's to report (it renders the error boundary instead).
        if (shellRendered) onError(error);
      },
    });
    // React calls back only from its own later turns, after this line.
    const timer = setTimeout(abort, streamTimeout + 1_000);
  });
}

const DOCTYPE = Buffer.from("<!DOCTYPE html>");
