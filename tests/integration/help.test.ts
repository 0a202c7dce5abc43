import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedHelp, SEED_HELP, SEED_POPULAR } from "#tools/seed/help";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { callerFor, createUser } from "../helpers/fixtures";

type Caller = Awaited<ReturnType<typeof callerFor>>;

let t: TestDb;
let admin: Caller;
let adminId: string;
let visitorJa: Caller;
let visitorEn: Caller;

const article = (over: Record<string, unknown> = {}) => ({
  slug: "test-article",
  category: "cashback" as const,
  position: 5,
  published: true,
  title: "テスト記事",
  titleEn: "",
  body: "本文",
  bodyEn: "",
  ...over,
});

const slugs = (list: { categories: { articles: { slug: string }[] }[] }) =>
  list.categories.flatMap((c) => c.articles.map((a) => a.slug));

beforeAll(async () => {
  t = await createTestDb();
  adminId = (await createUser(t.db, { permission: "admin" })).id;
  admin = await callerFor(t.db, adminId);
  visitorJa = await callerFor(t.db);
  visitorEn = await callerFor(t.db, undefined, { locale: "en" });
  await seedHelp(t.db, { adminId });
});

afterAll(async () => {
  await t.cleanup();
});

describe(`the help centre on ${testEngine}`, () => {
  it("seeds its answers once, however often the seed runs", async () => {
    await seedHelp(t.db, { adminId });
    const list = await visitorJa.help.list({});
    expect(list.total).toBe(SEED_HELP.length);
    expect(SEED_HELP.length).toBeGreaterThanOrEqual(15);
    // Grouped by category in the fixed order, the admin's order inside each.
    expect(list.categories.map((c) => c.category)).toEqual([
      "cashback",
      "accounts",
      "withdrawals",
      "membership",
      "tax",
    ]);
    expect(list.categories[0]!.articles[0]).toEqual({
      slug: "when-cashback-arrives",
      category: "cashback",
      title: "キャッシュバックはいつ反映されますか？",
      inJapanese: false,
    });
  });

  it("lists the questions the admin marked popular first, in the admin's order, not in a search", async () => {
    const popular = (await visitorJa.help.list({})).popular.map((a) => a.slug);
    // The seed's marks, ordered by display order across categories.
    expect([...popular].sort()).toEqual([...SEED_POPULAR].sort());
    expect(popular[0]).toBe("when-cashback-arrives");
    expect((await visitorJa.help.list({ q: "出金" })).popular).toEqual([]);
    // The mark is the admin's: set and taken back on the form, an unpublished one never shown.
    const { id } = await admin.help.create(
      article({ slug: "popular-one", position: 1, popular: true }),
    );
    expect((await visitorJa.help.list({})).popular[0]).toMatchObject({ slug: "popular-one" });
    expect(await admin.help.adminGet({ id })).toMatchObject({ popular: true });
    await admin.help.setPublished({ id, published: false });
    expect((await visitorJa.help.list({})).popular.map((a) => a.slug)).not.toContain("popular-one");
    await admin.help.setPublished({ id, published: true });
    await admin.help.update({ id, ...article({ slug: "popular-one", popular: false }) });
    expect((await visitorJa.help.list({})).popular.map((a) => a.slug)).toEqual(popular);
    // Japanese shown to an English reader is said to be Japanese.
    const en = await visitorEn.help.list({ q: "テスト記事" });
    expect(en.categories[0]!.articles[0]).toMatchObject({ slug: "popular-one", inJapanese: true });
    await admin.help.update({ id, ...article({ slug: "popular-one", published: false }) });
  });

  it("titles articles in the reader's language", async () => {
    const list = await visitorEn.help.list({});
    expect(list.categories[0]!.articles[0]!.title).toBe("When does my cashback arrive?");
  });

  it("finds Japanese and English text, part of a word included, in either language", async () => {
    // A part of a Japanese word in an answer.
    expect(slugs(await visitorJa.help.list({ q: "確定申" }))).toContain("cashback-tax");
    // English text found by a Japanese reader, any case, part of a word.
    expect(slugs(await visitorJa.help.list({ q: "MISCELLAN" }))).toEqual(["cashback-tax"]);
    // Japanese text found by an English reader.
    expect(slugs(await visitorEn.help.list({ q: "雑所得" }))).toEqual(["cashback-tax"]);
    // Full-width letters and katakana written in hiragana.
    expect(slugs(await visitorJa.help.list({ q: "ＰａｙＰａｙ" }))).toContain("withdrawal-timing");
    expect(slugs(await visitorJa.help.list({ q: "きゃっしゅばっく" }))).toContain(
      "when-cashback-arrives",
    );
    // Every word must be there.
    expect(slugs(await visitorEn.help.list({ q: "usdt network" }))).toEqual(["withdrawal-timing"]);
    const none = await visitorEn.help.list({ q: "zzzz-no-such-thing" });
    expect(none).toMatchObject({ searched: true, total: 0, categories: [] });
  });

  it("takes % and _ in a search literally", async () => {
    await admin.help.create(
      article({ slug: "percent", title: "手数料は1.5%です", body: "a_b と書きます" }),
    );
    expect(slugs(await visitorJa.help.list({ q: "%" }))).toEqual(["percent"]);
    // Unescaped, "%" would be a wildcard and this would match "手数料は1.5%です".
    expect(slugs(await visitorJa.help.list({ q: "手数料%です" }))).toEqual([]);
    expect(slugs(await visitorJa.help.list({ q: "a_" }))).toEqual(["percent"]);
    expect(slugs(await visitorJa.help.list({ q: "a_c" }))).toEqual([]);
    expect(slugs(await visitorJa.help.list({ q: "a_b" }))).toEqual(["percent"]);
    expect(slugs(await visitorJa.help.list({ q: "_" }))).toEqual(["percent"]);
  });

  it("shows one article as safe HTML, with its neighbours; English falls back to Japanese", async () => {
    await admin.help.create(
      article({
        slug: "markdown",
        body: "**太字** <script>alert(1)</script> [x](javascript:alert(1))",
      }),
    );
    const one = await visitorEn.help.article({ slug: "markdown" });
    expect(one.title).toBe("テスト記事");
    expect(one.html).toContain("<strong>太字</strong>");
    expect(one.html).not.toContain("<script>");
    expect(one.html).toContain("&lt;script&gt;");
    expect(one.html).not.toContain('href="javascript:');
    expect(one.related.map((r) => r.slug)).toContain("when-cashback-arrives");
    const en = await visitorEn.help.article({ slug: "withdrawal-fees" });
    expect(en.title).toBe("Are there withdrawal fees?");
    expect(en.html).toContain("<table>");
  });

  it("hides an unpublished article from lists, search, links and its page", async () => {
    const { id } = await admin.help.create(
      article({ slug: "draft", title: "下書きの記事", published: false }),
    );
    expect(slugs(await visitorJa.help.list({}))).not.toContain("draft");
    expect(slugs(await visitorJa.help.list({ q: "下書き" }))).toEqual([]);
    await expect(visitorJa.help.article({ slug: "draft" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await admin.help.setPublished({ id, published: true });
    expect((await visitorJa.help.article({ slug: "draft" })).title).toBe("下書きの記事");
    await admin.help.setPublished({ id, published: false });
    const links = await visitorJa.help.links({ page: "withdrawal" });
    expect(links.map((l) => l.slug)).toEqual(["withdrawal-fees", "withdrawal-timing"]);
  });

  it("edits an article, and its search follows the new text", async () => {
    const { id } = await admin.help.create(article({ slug: "edit-me", title: "古い題名" }));
    await admin.help.update({
      id,
      ...article({ slug: "edit-me", title: "新しい題名", titleEn: "Fresh title" }),
    });
    expect(slugs(await visitorJa.help.list({ q: "古い" }))).toEqual([]);
    expect(slugs(await visitorJa.help.list({ q: "fresh" }))).toEqual(["edit-me"]);
    expect(await admin.help.adminGet({ id })).toMatchObject({
      title: "新しい題名",
      titleEn: "Fresh title",
      bodyEn: "",
    });
  });

  it("refuses a taken slug, a bad slug and a missing Japanese text, under their fields", async () => {
    const refused = async (input: Record<string, unknown>, field: string, message: string) => {
      const error = await admin.help.create(article(input) as never).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      const issues = ((error as { cause?: { issues?: unknown[] } }).cause?.issues ?? []) as {
        path: string[];
        message: string;
      }[];
      expect(issues.map((i) => [i.path.join("."), i.message])).toContainEqual([field, message]);
    };
    await refused({ slug: "when-cashback-arrives" }, "slug", "helpSlugTaken");
    await refused({ slug: "Not a slug!" }, "slug", "helpSlug");
    await refused({ slug: "ok-slug", title: "  " }, "title", "required");
    await refused({ slug: "ok-slug", position: -1 }, "position", "displayOrder");
  });

  it("lets only admins manage articles", async () => {
    const member = await callerFor(t.db, (await createUser(t.db)).id);
    await expect(member.help.adminList()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(member.help.create(article({ slug: "nope" }))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(visitorJa.help.adminList()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("offers the chat page the admin's first questions", async () => {
    // The articles added above have order 5, the seeded ones 10 and more; drafts never show.
    const top = await visitorJa.help.top();
    expect(top.map((a) => a.slug)).toEqual([
      "edit-me",
      "markdown",
      "percent",
      "annual-statement",
      "cashback-tax",
    ]);
  });
});
