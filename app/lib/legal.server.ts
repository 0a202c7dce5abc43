import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { LegalKind } from "../../server/domain/legal";

/**
 * The loader of a legal document's public page (/terms, /privacy, /legal, /company): the
 * version in `?version=N`, else the latest. A version that does not exist answers 404; a
 * document never published shows its page with that said.
 */
export async function loadLegalDocument(kind: LegalKind, { request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("version");
  const doc = await context.trpc.legal.document({ kind, version: asked ?? undefined });
  return json({ kind, doc }, { status: doc || asked === null ? 200 : 404 });
}
