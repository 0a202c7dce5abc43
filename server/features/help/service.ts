import type { Kysely, Selectable } from "kysely";
import type { AuditAction } from "../../domain/audit-actions";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import type { Language } from "../../domain/language";
import { found, notFound } from "../../errors";
import { columnsOf } from "../../lib/columns";
import { fieldError } from "../../lib/field-error";
import { inJapanese, localized } from "../../lib/localized";
import { markdownText, renderMarkdown } from "../../lib/markdown";
import { contains } from "../../lib/paging";
import { HELP_CATEGORIES, type HelpCategory } from "../../domain/help";
import type { ArticleValues } from "./schema";
import { normalizeForSearch, searchText } from "./search";

const PUBLIC_COLUMNS = ["slug", "category", "title", "title_en"] as const;

/** At most this many popular questions head /help: a short list is read, a long one skimmed. */
export const POPULAR_LIMIT = 6;

export interface HelpLink {
  slug: string;
  category: HelpCategory;
  title: string;
  /** An English reader is shown the Japanese title: no English was written. */
  inJapanese: boolean;
}

function categoryOrder(category: string): number {
  const i = HELP_CATEGORIES.indexOf(category as HelpCategory);
  return i < 0 ? HELP_CATEGORIES.length : i;
}

function toLink(
  row: { slug: string; category: string; title: string; title_en: string | null },
  locale: Language,
): HelpLink {
  return {
    slug: row.slug,
    category: row.category as HelpCategory,
    title: localized(row, "title", locale),
    inJapanese: inJapanese(row, "title", locale),
  };
}

/** Sorted as /help lists them: by category in HELP_CATEGORIES order, then the admin's order. */
function byCategoryThenPosition<T extends { category: string; position: number; slug: string }>(
  rows: T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      categoryOrder(a.category) - categoryOrder(b.category) ||
      a.position - b.position ||
      a.slug.localeCompare(b.slug),
  );
}

/**
 * /help: the published articles grouped by category, or with `q` those whose question or
 * answer, in either language, contains every word of it (a part of a word is enough).
 */
export async function helpList(db: Db, locale: Language, q: string) {
  const words = normalizeForSearch(q).split(" ").filter(Boolean).slice(0, 8);
  const rows = await db.kysely
    .selectFrom("help_articles")
    .select([...PUBLIC_COLUMNS, "position", "popular"])
    .where("published", "=", 1)
    .$if(words.length > 0, (qb) =>
      qb.where((eb) => eb.and(words.map((w) => contains("search_text", w)))),
    )
    .execute();
  const sorted = byCategoryThenPosition(rows);
  // Popular questions are the admin's mark, listed before the categories when
  // nothing is searched: what a view count would need (a write on every public read, bots
  // told apart from members) buys little over the support team's knowing what is asked.
  const popular =
    words.length > 0
      ? []
      : rows
          .filter((r) => r.popular === 1)
          .sort((a, b) => a.position - b.position || a.slug.localeCompare(b.slug))
          .slice(0, POPULAR_LIMIT)
          .map((r) => toLink(r, locale));
  return {
    q,
    searched: words.length > 0,
    total: sorted.length,
    popular,
    categories: HELP_CATEGORIES.map((category) => ({
      category,
      articles: sorted.filter((r) => r.category === category).map((r) => toLink(r, locale)),
    })).filter((c) => c.articles.length > 0),
  };
}

/** /help/<slug>: one published article, its answer rendered from Markdown, and its neighbours. */
export async function helpArticle(db: Db, locale: Language, slug: string) {
  const row = found(
    await db.kysely
      .selectFrom("help_articles")
      .select([...PUBLIC_COLUMNS, "body", "body_en", "updated_at"])
      .where("slug", "=", slug)
      .where("published", "=", 1)
      .executeTakeFirst(),
  );
  const related = await db.kysely
    .selectFrom("help_articles")
    .select([...PUBLIC_COLUMNS, "position"])
    .where("published", "=", 1)
    .where("category", "=", row.category)
    .where("slug", "!=", slug)
    .orderBy("position")
    .orderBy("slug")
    .limit(5)
    .execute();
  return {
    ...toLink(row, locale),
    html: renderMarkdown(localized(row, "body", locale)),
    // The answer's words alone: the page's description and its FAQ structured data.
    text: markdownText(localized(row, "body", locale)),
    updatedAt: String(row.updated_at),
    related: related.map((r) => toLink(r, locale)),
  };
}

/**
 * The questions a member sees before writing to support (the chat page): the published
 * articles the admin ordered first, whatever their category.
 */
export async function topQuestions(db: Db, locale: Language, limit = 5) {
  const rows = await db.kysely
    .selectFrom("help_articles")
    .select([...PUBLIC_COLUMNS, "position"])
    .where("published", "=", 1)
    .orderBy("position")
    .orderBy("slug")
    .limit(limit)
    .execute();
  return rows.map((r) => toLink(r, locale));
}

/** Titles of published articles by slug, for the contextual links of other pages. */
export async function helpLinks(db: Db, locale: Language, slugs: readonly string[]) {
  if (slugs.length === 0) return [];
  const rows = await db.kysely
    .selectFrom("help_articles")
    .select([...PUBLIC_COLUMNS])
    .where("published", "=", 1)
    .where("slug", "in", [...slugs])
    .execute();
  // In the order asked; a slug not (or no longer) published is left out.
  return slugs.flatMap((s) => {
    const row = rows.find((r) => r.slug === s);
    return row ? [toLink(row, locale)] : [];
  });
}

// ------------------------------------------------------------------ admin

/** What the admin's list and its editor both show of an article. */
function adminFacts(
  r: Pick<
    Selectable<Database["help_articles"]>,
    "id" | "slug" | "category" | "position" | "published" | "popular" | "title"
  >,
) {
  return {
    id: r.id,
    slug: r.slug,
    category: r.category as HelpCategory,
    position: r.position,
    published: r.published === 1,
    popular: r.popular === 1,
    title: r.title,
  };
}

export async function adminHelpList(db: Db) {
  const rows = await db.kysely
    .selectFrom("help_articles")
    .select([
      "id",
      "slug",
      "category",
      "position",
      "published",
      "popular",
      "title",
      "title_en",
      "updated_at",
    ])
    .execute();
  return byCategoryThenPosition(rows).map((r) => ({
    ...adminFacts(r),
    hasEnglish: r.title_en !== null,
    updatedAt: String(r.updated_at),
  }));
}

export async function adminHelpArticle(db: Db, id: string) {
  const row = found(
    await db.kysely.selectFrom("help_articles").selectAll().where("id", "=", id).executeTakeFirst(),
  );
  return {
    ...adminFacts(row),
    titleEn: row.title_en ?? "",
    body: row.body,
    bodyEn: row.body_en ?? "",
  };
}

function columns(v: ArticleValues) {
  return { ...columnsOf(v), search_text: searchText(v) };
}

/** The slug is the URL: a second article with it is refused under the field. */
async function slugGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("slug", "helpSlugTaken");
    throw error;
  }
}

export function createHelpArticle(db: Db, adminId: string, values: ArticleValues) {
  return slugGuard(() =>
    db.kysely.transaction().execute(async (trx) => {
      const id = newId();
      const now = nowDb();
      await trx
        .insertInto("help_articles")
        .values({ id, ...columns(values), updated_by: adminId, created_at: now, updated_at: now })
        .execute();
      await audit(trx, adminId, "help.create", id, { slug: values.slug });
      return { id };
    }),
  );
}

export function updateHelpArticle(db: Db, adminId: string, id: string, values: ArticleValues) {
  return slugGuard(() =>
    db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("help_articles")
        .set({ ...columns(values), updated_by: adminId, updated_at: nowDb() })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound();
      await audit(trx, adminId, "help.update", id, { slug: values.slug });
      return { id };
    }),
  );
}

export async function setHelpPublished(db: Db, adminId: string, id: string, published: boolean) {
  await db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("help_articles")
      .set({ published: published ? 1 : 0, updated_by: adminId, updated_at: nowDb() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound();
    await audit(trx, adminId, published ? "help.publish" : "help.unpublish", id);
  });
  return { id, published };
}

function audit(
  trx: Kysely<Database>,
  adminId: string,
  action: AuditAction,
  id: string,
  data?: Record<string, unknown>,
) {
  return recordAudit(trx, {
    actorId: adminId,
    action,
    targetType: "help_article",
    targetId: id,
    data,
  });
}
