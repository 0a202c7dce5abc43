import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerRefusals } from "#app/lib/refusals.server";
import { PUBLIC_CACHE } from "#app/lib/public-page.server";
import { conditional } from "#app/lib/conditional.server";
import { languageUrl } from "#app/lib/seo";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * /sitemap.xml: the public home, the brokers and each broker's page, the help centre and its
 * published answers, the published legal pages; each in Japanese and English (`?lng=en`), each
 * naming the other as its alternate. Member and admin pages are never in it.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const { origin, pages } = await context.trpc.pages.sitemap();
    const urls = pages.flatMap((p) =>
      (["ja", "en"] as const).map((lang) => {
        const alternates = (["ja", "en"] as const)
          .map(
            (alt) =>
              `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(languageUrl(origin, p.path, alt))}"/>`,
          )
          .join("");
        const lastmod = p.updated ? `<lastmod>${p.updated}</lastmod>` : "";
        return `<url><loc>${escapeXml(languageUrl(origin, p.path, lang))}</loc>${lastmod}${alternates}</url>`;
      }),
    );
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
    // Nothing in it depends on who asks: every answer may be shared.
    return conditional(request, body, {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE },
    });
  },
);
