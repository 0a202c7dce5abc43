import type { LoaderFunctionArgs } from "@remix-run/node";
import { toLanguage } from "#app/i18n";
import { resources } from "#app/locales.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** Translations for the browser's i18next, one namespace at a time. */
export const loader = /* @__PURE__ */ answerRefusals(async ({ params }: LoaderFunctionArgs) => {
  const lng = toLanguage(params.lng);
  const ns = params.ns ?? "";
  const table = lng ? resources[lng] : undefined;
  if (!table || !Object.hasOwn(table, ns)) {
    return new Response("Not found", { status: 404 });
  }
  return new Response(JSON.stringify(table[ns]), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // The URL carries the build version, so a new deploy never serves stale text.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
});
