import { LegalDocumentPage } from "~/components/legal/LegalDocument";
import { legalDocumentLoader } from "~/lib/legal.server";

export const handle = { i18n: ["legal"] };

/** /terms: open to everyone, signed in or not; ?version=N shows an earlier version. */
export const loader = legalDocumentLoader("terms");

export default LegalDocumentPage;
