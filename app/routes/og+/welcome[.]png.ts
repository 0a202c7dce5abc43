import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "#app/i18n.server";
import { toLanguage } from "#app/i18n";
import { ogImageResponse } from "#app/lib/og-image.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * /og/welcome.png (?lng=en in English): the public home's link preview, its pitch as the
 * admin wrote it and the number of partner brokers.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const lang = toLanguage(await i18nServer.getLocale(request)) ?? "ja";
    const t = await i18nServer.getFixedT(request, ["public", "common"]);
    const [home, { origin }] = await Promise.all([
      context.trpc.pages.home(),
      context.trpc.pages.site(),
    ]);
    const pitch: string[] = home.hero ?? [0, 1, 2].map((i) => t(`public:home.pitch.${i}`));
    return ogImageResponse(request, {
      lang,
      site: t("common:app.name"),
      heading: pitch[0] ?? "",
      lines: pitch.slice(1),
      footer: new URL(origin).host,
    });
  },
);
