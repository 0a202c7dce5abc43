import type { AppLoadContext } from "@remix-run/node";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrokers } from "#tools/seed/brokers";
import { seedHelp } from "#tools/seed/help";
import { seedLegal } from "#tools/seed/legal";
import { JsonLd } from "#app/components/public/JsonLd";
import { seoMeta, type Seo } from "#app/lib/seo";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { adminWithCaller, callerFor, createUser, type Caller } from "../helpers/fixtures";

/**
 * The public pages as search engines and link previews read them: each page's loader run on a
 * real database with a visitor's caller, its tags, hreflang pairs and JSON-LD checked, and
 * robots.txt, sitemap.xml and the preview pictures answered with their caching headers.
 */

let t: TestDb;
let admin: Caller;
let memberId: string;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  t = await createTestDb();
  const boss = await adminWithCaller(t.db);
  admin = boss.caller;
  memberId = (await createUser(t.db)).id;
  await seedBrokers(t.db, { adminId: boss.id, memberId });
  await seedHelp(t.db, { adminId: boss.id });
  await seedLegal(t.db, { adminId: boss.id, memberIds: [memberId] });
});

afterAll(async () => {
  await t.cleanup();
});

type Loader = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => Promise<unknown>;

/** A route's loader answered for a visitor (no cookie), as a Response, thrown or returned. */
async function load(
  route: string,
  url: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const mod = (await import(/* @vite-ignore */ `../../app/routes/${route}`)) as { loader: Loader };
  const lng = new URL(url, ORIGIN).searchParams.get("lng") === "en" ? "en" : "ja";
  const trpc = await callerFor(t.db, undefined, { locale: lng });
  const context = { trpc, sessionEnded: null } as unknown as AppLoadContext;
  try {
    const answer = await mod.loader({
      request: new Request(new URL(url, ORIGIN), { headers }),
      context,
      params,
    });
    return answer as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function seoOf(route: string, url: string, params: Record<string, string> = {}) {
  const res = await load(route, url, params);
  expect(res.status).toBe(200);
  return { seo: ((await res.json()) as { seo: Seo }).seo, res };
}

/** The page's JSON-LD as a crawler reads it: the script elements' text, parsed. */
function jsonLdOf(seo: Seo): Record<string, unknown>[] {
  const html = renderToStaticMarkup(createElement(JsonLd, { data: seo.jsonLd }));
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(scripts.length).toBe(seo.jsonLd.length);
  return scripts.map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

/** The schema.org shape each type used here must have (what Google's rich results read). */
function expectValidLd(ld: Record<string, unknown>) {
  expect(ld["@context"]).toBe("https://schema.org");
  switch (ld["@type"]) {
    case "BreadcrumbList": {
      const items = ld.itemListElement as Record<string, unknown>[];
      expect(items.length).toBeGreaterThan(1);
      items.forEach((item, i) => {
        expect(item).toMatchObject({ "@type": "ListItem", position: i + 1 });
        expect(String(item.name).length).toBeGreaterThan(0);
        expect(String(item.item)).toMatch(/^http:\/\/localhost:3000\//);
      });
      break;
    }
    case "FAQPage": {
      const questions = ld.mainEntity as Record<string, unknown>[];
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        expect(q["@type"]).toBe("Question");
        expect(String(q.name).length).toBeGreaterThan(0);
        const answer = q.acceptedAnswer as Record<string, unknown>;
        expect(answer["@type"]).toBe("Answer");
        expect(String(answer.text).length).toBeGreaterThan(0);
      }
      break;
    }
    case "Organization":
      expect(String(ld.name).length).toBeGreaterThan(0);
      expect(String(ld.url)).toMatch(/^http:\/\/localhost:3000\//);
      break;
    default:
      throw new Error(`unexpected JSON-LD type ${String(ld["@type"])}`);
  }
}

const meta = (seo: Seo, key: string) =>
  seoMeta(seo).find(
    (m) =>
      (m as Record<string, string>).property === key || (m as Record<string, string>).name === key,
  ) as Record<string, string> | undefined;

const PAGES: { route: string; path: string; params?: Record<string, string>; types: string[] }[] = [
  { route: "_public+/welcome", path: "/welcome", types: ["Organization"] },
  { route: "_public+/brokers", path: "/brokers", types: ["BreadcrumbList"] },
  {
    route: "_public+/brokers_.$slug",
    path: "/brokers/xm",
    params: { slug: "xm" },
    types: ["BreadcrumbList"],
  },
  { route: "_public+/help+/_index", path: "/help", types: ["BreadcrumbList"] },
  {
    route: "_public+/help+/$slug",
    path: "/help/when-cashback-arrives",
    params: { slug: "when-cashback-arrives" },
    types: ["BreadcrumbList", "FAQPage"],
  },
  { route: "_public+/terms", path: "/terms", types: ["BreadcrumbList"] },
  { route: "_public+/privacy", path: "/privacy", types: ["BreadcrumbList"] },
  { route: "_public+/legal", path: "/legal", types: ["BreadcrumbList"] },
  { route: "_public+/company", path: "/company", types: ["BreadcrumbList"] },
];

describe(`the public pages' search and preview tags on ${testEngine}`, () => {
  for (const page of PAGES) {
    it(`${page.path}: canonical, hreflang pairs, Open Graph, Twitter and valid JSON-LD in both languages`, async () => {
      const ja = await seoOf(page.route, page.path, page.params);
      const en = await seoOf(page.route, `${page.path}?lng=en`, page.params);
      // Each language's canonical is its own address, and both name the same pair.
      expect(ja.seo.canonical).toBe(`${ORIGIN}${page.path}`);
      expect(en.seo.canonical).toBe(`${ORIGIN}${page.path}?lng=en`);
      for (const { seo } of [ja, en]) {
        expect(seo.alternates).toEqual({
          ja: `${ORIGIN}${page.path}`,
          en: `${ORIGIN}${page.path}?lng=en`,
        });
        const tags = seoMeta(seo) as Record<string, string>[];
        const hreflang = tags.filter((m) => m.rel === "alternate").map((m) => [m.hrefLang, m.href]);
        expect(hreflang).toEqual([
          ["ja", seo.alternates.ja],
          ["en", seo.alternates.en],
          ["x-default", seo.alternates.ja],
        ]);
        expect(seo.title.length).toBeGreaterThan(0);
        expect(seo.description.length).toBeGreaterThan(0);
        expect(seo.description.length).toBeLessThanOrEqual(160);
        expect(meta(seo, "og:title")?.content).toBe(seo.title);
        expect(meta(seo, "og:url")?.content).toBe(seo.canonical);
        expect(meta(seo, "twitter:description")?.content).toBe(seo.description);
        const lds = jsonLdOf(seo);
        lds.forEach(expectValidLd);
        expect(lds.map((ld) => ld["@type"])).toEqual(page.types);
      }
      // The texts are the reader's: the two languages' titles differ where both are written.
      expect(meta(ja.seo, "og:locale")?.content).toBe("ja_JP");
      expect(meta(en.seo, "og:locale")?.content).toBe("en_US");
      // A visitor's answer may be kept by a CDN.
      expect(ja.res.headers.get("Cache-Control")).toMatch(/^public, .*s-maxage=\d+/);
      // The first page loads the route's modules (the whole page's components): slow on a
      // loaded runner.
    }, 120_000);
  }

  it("describes a help answer by its words and asks its question in FAQ data", async () => {
    const { seo } = await seoOf("_public+/help+/$slug", "/help/when-cashback-arrives?lng=en", {
      slug: "when-cashback-arrives",
    });
    expect(seo.title).toBe("When does my cashback arrive?");
    const faq = jsonLdOf(seo).find((ld) => ld["@type"] === "FAQPage")!;
    const question = (faq.mainEntity as Record<string, unknown>[])[0]!;
    expect(question.name).toBe("When does my cashback arrive?");
    // Markdown's marks are gone from the answer's words.
    const text = String((question.acceptedAnswer as Record<string, string>).text);
    expect(text).not.toMatch(/[*#]|\]\(/);
    expect(seo.description.startsWith(text.slice(0, 40))).toBe(true);
  });

  it("names the company from its published page in the home's Organization", async () => {
    const ja = jsonLdOf((await seoOf("_public+/welcome", "/welcome")).seo)[0]!;
    expect(ja).toMatchObject({
      "@type": "Organization",
      legalName: "株式会社〇〇",
      email: "support@example.com",
      address: "〒100-0000 東京都千代田区〇〇1-2-3",
      logo: `${ORIGIN}/logo.svg`,
    });
    const en = jsonLdOf((await seoOf("_public+/welcome", "/welcome?lng=en")).seo)[0]!;
    expect(en).toMatchObject({ legalName: "○○ Inc.", url: `${ORIGIN}/welcome?lng=en` });
  });

  it("keeps an admin's </script> inside the JSON-LD, where it stays text", async () => {
    const title = 'Close </script><script>alert("x")</script> <!-- and -->';
    const body = "Answer </SCRIPT><img src=x onerror=alert(1)> & <b>done</b>";
    await admin.help.create({
      slug: "script-in-text",
      category: "cashback",
      position: 90,
      published: true,
      popular: false,
      title,
      titleEn: "",
      body,
      bodyEn: "",
    });
    const { seo } = await seoOf("_public+/help+/$slug", "/help/script-in-text", {
      slug: "script-in-text",
    });
    const html = renderToStaticMarkup(createElement(JsonLd, { data: seo.jsonLd }));
    // Exactly one closing tag per script element: none came from the text.
    expect(html.match(/<\/script/gi)?.length).toBe(seo.jsonLd.length);
    expect(html).not.toMatch(/<script>|<img|<!--/i);
    const faq = jsonLdOf(seo).find((ld) => ld["@type"] === "FAQPage")!;
    const question = (faq.mainEntity as Record<string, unknown>[])[0]!;
    expect(question.name).toBe(title);
    expect((question.acceptedAnswer as Record<string, string>).text).toBe(body);
  });

  it("gives the home and a broker page a 1200 × 630 preview picture in the page's language", async () => {
    const home = (await seoOf("_public+/welcome", "/welcome?lng=en")).seo;
    expect(meta(home, "og:image")?.content).toBe(`${ORIGIN}/og/welcome.png?lng=en`);
    expect(meta(home, "og:image:width")?.content).toBe("1200");
    expect(meta(home, "og:image:height")?.content).toBe("630");
    expect(meta(home, "twitter:card")?.content).toBe("summary_large_image");
    const broker = (await seoOf("_public+/brokers_.$slug", "/brokers/xm", { slug: "xm" })).seo;
    expect(meta(broker, "og:image")?.content).toBe(`${ORIGIN}/og/brokers/xm.png`);
    expect(meta(broker, "og:image:alt")?.content).toMatch(/^XM.*Standard/);
    // A page without a picture of its own keeps the small card.
    const help = (await seoOf("_public+/help+/_index", "/help")).seo;
    expect(meta(help, "og:image")).toBeUndefined();
    expect(meta(help, "twitter:card")?.content).toBe("summary");
  });

  it("answers a signed-in reader's copy privately", async () => {
    const res = await load("_public+/brokers", "/brokers", {}, { Cookie: "sid=abc" });
    expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});

describe(`robots.txt and sitemap.xml on ${testEngine}`, () => {
  it("robots.txt keeps crawlers out of the member and admin areas and names the sitemap", async () => {
    const res = await load("robots[.]txt", "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await res.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/users", "/admin", "/api", "/r/", "/login", "/register"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain("Allow: /");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // Nothing public is disallowed.
    for (const path of ["/welcome", "/brokers", "/help", "/terms", "/og/"])
      expect(lines.some((l) => l.startsWith("Disallow: ") && path.startsWith(l.slice(10)))).toBe(
        false,
      );
  });

  it("both answer with a weak ETag and 304 when it is held, shared-cacheable", async () => {
    for (const [route, url] of [
      ["robots[.]txt", "/robots.txt"],
      ["sitemap[.]xml", "/sitemap.xml"],
    ] as const) {
      const first = await load(route, url);
      const etag = first.headers.get("ETag")!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get("Cache-Control")).toBe(
        "public, max-age=0, s-maxage=300, stale-while-revalidate=600",
      );
      const again = await load(route, url, {}, { "If-None-Match": etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
      const other = await load(route, url, {}, { "If-None-Match": 'W/"other", "x"' });
      expect(other.status).toBe(200);
    }
  });

  it("the sitemap's ETag changes when an answer is published", async () => {
    const before = (await load("sitemap[.]xml", "/sitemap.xml")).headers.get("ETag")!;
    await admin.help.create({
      slug: "new-in-sitemap",
      category: "cashback",
      position: 91,
      published: true,
      popular: false,
      title: "新しい質問",
      titleEn: "",
      body: "答え",
      bodyEn: "",
    });
    const res = await load("sitemap[.]xml", "/sitemap.xml", {}, { "If-None-Match": before });
    expect(res.status).toBe(200);
    expect(res.headers.get("ETag")).not.toBe(before);
    expect(await res.text()).toContain("/help/new-in-sitemap");
  });
});

/** A PNG's width and height, from its header (IHDR). */
function pngSize(bytes: Uint8Array) {
  const view = Buffer.from(bytes);
  expect(view.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(view.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describe(`the preview pictures on ${testEngine}`, () => {
  it("draws a broker's card as a 1200 × 630 PNG, cacheable, 304 when held, per language", async () => {
    const res = await load("og+/brokers.$file", "/og/brokers/xm.png", { file: "xm.png" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toMatch(/^public, .*s-maxage=\d+/);
    const etag = res.headers.get("ETag")!;
    expect(etag).toMatch(/^W\//);
    const png = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    // Drawn text, not an empty card: a picture of this size with outlines weighs kilobytes.
    expect(png.length).toBeGreaterThan(10_000);

    const held = await load(
      "og+/brokers.$file",
      "/og/brokers/xm.png",
      { file: "xm.png" },
      { "If-None-Match": etag },
    );
    expect(held.status).toBe(304);
    expect(held.headers.get("Content-Type")).toBeNull();

    const en = await load("og+/brokers.$file", "/og/brokers/xm.png?lng=en", { file: "xm.png" });
    expect(en.headers.get("ETag")).not.toBe(etag);
    expect(Buffer.compare(Buffer.from(await en.arrayBuffer()), Buffer.from(png))).not.toBe(0);

    // Another broker, another picture.
    const other = await load("og+/brokers.$file", "/og/brokers/exness.png", {
      file: "exness.png",
    });
    expect(other.headers.get("ETag")).not.toBe(etag);
  }, 120_000);

  it("is not found for an unknown broker or a name that is not a PNG", async () => {
    for (const file of ["nobody.png", "xm.jpg", "xm", "../xm.png"]) {
      const res = await load("og+/brokers.$file", `/og/brokers/${file}`, { file });
      expect(res.status, file).toBe(404);
    }
  });

  it("draws the home's card, a new one when the pitch changes", async () => {
    const res = await load("og+/welcome[.]png", "/og/welcome.png");
    expect(res.status).toBe(200);
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    await admin.pages.saveHero({ heroJa: "新しい一行目\n二行目", heroEn: "" });
    const after = await load(
      "og+/welcome[.]png",
      "/og/welcome.png",
      {},
      { "If-None-Match": res.headers.get("ETag")! },
    );
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(res.headers.get("ETag"));
  }, 120_000);
});
