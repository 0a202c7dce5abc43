import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { LegalKind } from "../../server/domain/legal";

/**
 * The loader of a legal document's public page (/terms, /privacy, /legal, /company): the
 * version in `?version=N`, else the latest. A version that does not exist answers 404 and says
 * so, with a link to the current one when there is one; a document never published shows its
 * page with that said.
 */
export async function loadLegalDocument(kind: LegalKind, { request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("version");
  const doc = await context.trpc.legal.document({ kind, version: asked ?? undefined });
  if (doc || asked === null) return json({ kind, doc, unknownVersion: false });
  const current = await context.trpc.legal.document({ kind });
  return json({ kind, doc, unknownVersion: current !== null }, { status: 404 });
}
