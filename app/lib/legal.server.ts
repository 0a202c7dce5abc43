import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { LEGAL_PATHS, type LegalKind } from "#domain/legal";
import { publicPage } from "./public-page.server";
import { describe } from "./seo";

/**
 * The loader of a legal document's public page (/terms, /privacy, /legal, /company): the
 * version in `?version=N`, else the latest. A version that does not exist answers 404 and says
 * so, with a link to the current one when there is one; a document never published shows its
 * page with that said. Every version's canonical address is the document's own (no ?version).
 */
export async function loadLegalDocument(kind: LegalKind, args: LoaderFunctionArgs) {
  const { request, context } = args;
  const asked = new URL(request.url).searchParams.get("version");
  const found = await context.trpc.legal.document({ kind, version: asked ?? undefined });
  const path = LEGAL_PATHS[kind];
  const { seo, headers } = await publicPage(args, {
    path,
    title: (t) => t(`legal:kinds.${kind}`),
    // The text's opening words, or the page's name while nothing is published.
    description: (t) => (found ? describe(found.text) : t(`legal:kinds.${kind}`)),
    crumbs: [{ name: (t) => t(`legal:kinds.${kind}`), path }],
  });
  // The plain words served the description; the page shows the HTML.
  const doc = found ? (({ text: _text, ...shown }) => shown)(found) : null;
  if (doc || asked === null) return json({ kind, doc, unknownVersion: false, seo }, { headers });
  const current = await context.trpc.legal.document({ kind });
  return json({ kind, doc, unknownVersion: current !== null, seo: null }, { status: 404 });
}
