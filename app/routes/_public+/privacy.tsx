import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LegalDocumentPage } from "~/components/legal/LegalDocument";
import { loadLegalDocument } from "~/lib/legal.server";
import { answerRefusals } from "~/lib/refusals.server";
import { title } from "~/lib/page-title";
import { seoMeta } from "~/lib/seo";

export const handle = { title: title.key("legal:kinds.privacy"), i18n: ["legal"] };

/** /privacy: open to everyone, signed in or not; ?version=N shows an earlier version. */
export const loader = /* @__PURE__ */ answerRefusals((args: LoaderFunctionArgs) => {
  return loadLegalDocument("privacy", args);
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);
export { publicHeaders as headers } from "~/lib/public-page";

export default LegalDocumentPage;

export { revalidateAfterRefusal as shouldRevalidate } from "~/lib/revalidation";
