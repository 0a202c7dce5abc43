import { z } from "zod";
import { publicProcedure, router } from "../../trpc/init";
import { settingsProcedure } from "../../trpc/admin-procedures";
import { heroInput, heroLines } from "../../domain/public-home";
import { readHero, saveHero } from "./hero";
import { publicData } from "../../lib/public-data";
import * as pages from "./service";

export const publicRouter = router({
  /** The portal's own address: canonical URLs, hreflang pairs and preview images are absolute. */
  site: publicProcedure.query(({ ctx }) => ({ origin: ctx.config.APP_ORIGIN })),

  /** /welcome: everything the public home shows, in the reader's language. */
  home: publicProcedure.query(({ ctx }) =>
    publicData(ctx.db, `home:${ctx.locale}`, () => pages.publicHome(ctx.listDb, ctx.locale)),
  ),

  /** /brokers/<slug>: one broker's rates, history, schedule, campaigns and answers. */
  broker: publicProcedure
    .input(z.object({ slug: z.string().trim().toLowerCase().max(32) }))
    .query(({ ctx, input }) =>
      publicData(ctx.db, `broker:${ctx.locale}:${input.slug}`, () =>
        pages.brokerPage(ctx.listDb, ctx.locale, input.slug),
      ),
    ),

  /** /r/<code>: who invited the visitor, and what they get. */
  referral: publicProcedure
    .input(
      z.object({ code: z.string().trim().toLowerCase().regex(pages.REFERRAL_CODE, "notFound") }),
    )
    .query(({ ctx, input }) => pages.referralLanding(ctx.listDb, ctx.locale, input.code)),

  /** sitemap.xml: every public page, both languages; nothing private. */
  sitemap: publicProcedure.query(async ({ ctx }) => ({
    origin: ctx.config.APP_ORIGIN,
    pages: await pages.sitemapPages(ctx.listDb),
  })),

  /** The pitch as the admin edits it (both languages). */
  hero: settingsProcedure.query(({ ctx }) => readHero(ctx.db.kysely)),

  saveHero: settingsProcedure.input(heroInput).mutation(async ({ ctx, input }) => {
    await saveHero(ctx.db, ctx.user.id, {
      ja: heroLines(input.heroJa),
      en: heroLines(input.heroEn),
    });
    return { ok: true as const };
  }),
});
