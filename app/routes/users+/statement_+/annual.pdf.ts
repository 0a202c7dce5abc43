import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "#app/i18n.server";
import { annualDocument } from "#app/lib/annual";
import { annualPdf } from "#app/lib/annual-pdf.server";
import { annualText, annualYear, offeredYear } from "#app/lib/annual.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** The member's annual statement of `?year=` as a PDF download, in the member's language. */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const year = annualYear(request);
    const t = await i18nServer.getFixedT(request, ["statement", "wallet"]);
    const y = await context.trpc.wallet.annual({ year, export: true });
    offeredYear(request, y);
    const pdf = await annualPdf(y, annualDocument(y, t), annualText(y, t));
    const name = `${t("statement:annual.csvName")}-${year}.pdf`;
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="annual-statement-${year}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
        "Content-Length": String(pdf.length),
        // Personal data: never kept by a shared cache.
        "Cache-Control": "no-store",
      },
    });
  },
);
