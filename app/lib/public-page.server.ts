import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "#app/i18n.server";
import { toLanguage } from "#app/i18n";
import { describe, languageUrl, type Seo } from "./seo";
import { THEME_COOKIE } from "./shell";
import { i18nFor } from "./translations.server";

export type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The cookies a public page's HTML depends on: who is signed in (the header shows them), the
 * language chosen earlier (when the URL names none) and the theme. A request with none of them
 * gets the page everyone gets, which a shared cache may keep; with any of them the answer is
 * that browser's alone.
 */
const PERSONAL_COOKIES = ["sid", "language", THEME_COOKIE];

/** A public page answer's lifetimes: short, so what an admin publishes shows within minutes. */
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
export const PRIVATE_CACHE = "private, no-cache";

export function isSharedCacheable(request: Request): boolean {
  const cookies = request.headers.get("Cookie") ?? "";
  const names = cookies.split(";").map((c) => c.split("=")[0]!.trim());
  const lng = new URL(request.url).searchParams.get("lng");
  return names.every((n) => !PERSONAL_COOKIES.includes(n) || (n === "language" && lng !== null));
}

/** The Cache-Control a public page answers this request with. */
export function cacheControlFor(request: Request): string {
  return isSharedCacheable(request) ? PUBLIC_CACHE : PRIVATE_CACHE;
}

/**
 * A public page's search and preview data and its caching header. `path` is the page without
 * its language; texts come from the page's content or the public namespace.
 */
export async function publicPage(
  { request, context }: LoaderFunctionArgs,
  page: {
    path: string;
    title: (t: T) => string;
    description: (t: T) => string;
    crumbs: { name: (t: T) => string; path: string }[];
    /** The preview picture's path (without its language), and what it shows. */
    image?: { path: string; alt: (t: T) => string };
    /** Structured data of the page's own; `origin` and `lang` make its addresses absolute. */
    jsonLd?: (t: T, site: { origin: string; lang: "ja" | "en" }) => Record<string, unknown>[];
  },
): Promise<{ seo: Seo; headers: Headers }> {
  const lang = toLanguage(await i18nServer.getLocale(request)) ?? "ja";
  const t = (await i18nFor(lang)).getFixedT(lang, ["public", "common"]) as unknown as T;
  const { origin } = await context.trpc.pages.site();
  const crumbs = [
    { name: t("public:crumbs.home"), url: languageUrl(origin, "/welcome", lang) },
    ...page.crumbs.map((c) => ({ name: c.name(t), url: languageUrl(origin, c.path, lang) })),
  ];
  const seo: Seo = {
    title: page.title(t),
    // A search result's length, whatever the content's.
    description: describe(page.description(t)),
    canonical: languageUrl(origin, page.path, lang),
    alternates: {
      ja: languageUrl(origin, page.path, "ja"),
      en: languageUrl(origin, page.path, "en"),
    },
    lang,
    siteName: t("common:app.name"),
    ...(page.image
      ? {
          image: {
            url: languageUrl(origin, page.image.path, lang),
            alt: page.image.alt(t),
          },
        }
      : {}),
    jsonLd: [
      ...(crumbs.length > 1 ? [breadcrumbList(crumbs)] : []),
      ...(page.jsonLd?.(t, { origin, lang }) ?? []),
    ],
  };
  const headers = new Headers({ "Cache-Control": cacheControlFor(request) });
  return { seo, headers };
}

function breadcrumbList(steps: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((s, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: s.name,
      item: s.url,
    })),
  };
}
