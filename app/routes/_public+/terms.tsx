import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LegalDocumentPage } from "#app/components/legal/LegalDocument";
import { loadLegalDocument } from "#app/lib/legal.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { seoMeta } from "#app/lib/seo";

export const handle = { title: title.key("legal:kinds.terms"), i18n: ["legal"] };

/** /terms: open to everyone, signed in or not; ?version=N shows an earlier version. */
export const loader = /* @__PURE__ */ answerRefusals((args: LoaderFunctionArgs) => {
  return loadLegalDocument("terms", args);
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);
export { publicHeaders as headers } from "#app/lib/public-page";

export default LegalDocumentPage;

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
