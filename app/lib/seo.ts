import type { MetaDescriptor } from "@remix-run/node";

/**
 * What a public page tells search engines and link previews (LINE, X, Facebook): built by the
 * loader (it knows the origin, the language and the content), turned into tags by `seoMeta`;
 * its JSON-LD goes in the body (`JsonLd`).
 */
export interface Seo {
  title: string;
  description: string;
  /** This page in this language, absolute. */
  canonical: string;
  /** The page in each language, absolute: the hreflang pairs (ja is also x-default). */
  alternates: { ja: string; en: string };
  lang: "ja" | "en";
  siteName: string;
  /** The link preview's picture (absolute, 1200 × 630 PNG), when the page has one of its own. */
  image?: { url: string; alt: string };
  /** schema.org objects, each its own JSON-LD script. */
  jsonLd: Record<string, unknown>[];
}

/** The preview picture's size: the one LINE, X and Facebook show large (1.91 : 1). */
export const OG_IMAGE = { width: 1200, height: 630 } as const;

/** The tags of a public page: description, canonical, hreflang, Open Graph, Twitter, JSON-LD. */
export function seoMeta(seo: Seo | undefined | null): MetaDescriptor[] {
  if (!seo) return [];
  return [
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { tagName: "link", rel: "alternate", hrefLang: "ja", href: seo.alternates.ja },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: seo.alternates.en },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: seo.alternates.ja },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:locale", content: seo.lang === "en" ? "en_US" : "ja_JP" },
    ...(seo.image
      ? [
          { property: "og:image", content: seo.image.url },
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(OG_IMAGE.width) },
          { property: "og:image:height", content: String(OG_IMAGE.height) },
          { property: "og:image:alt", content: seo.image.alt },
        ]
      : []),
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    ...(seo.image
      ? [
          { name: "twitter:image", content: seo.image.url },
          { name: "twitter:image:alt", content: seo.image.alt },
        ]
      : []),
  ];
}

/** A description fits a search result: one line, at most 160 characters. */
export function describe(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** The page's address in a language: Japanese without a parameter, English with ?lng=en. */
export function languageUrl(origin: string, path: string, lang: "ja" | "en"): string {
  return `${origin}${path}${lang === "en" ? "?lng=en" : ""}`;
}
