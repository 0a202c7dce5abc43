import { z } from "zod";
import { publicProcedure, router } from "../../trpc/init";
import { legalProcedure } from "../../trpc/admin-procedures";
import {
  createArticleInput,
  helpListInput,
  idInput,
  publishInput,
  slugInput,
  updateArticleInput,
} from "./schema";
import * as help from "./service";

/** Slugs of the answers other pages link to (the withdrawal and transfer forms, /brokers). */
export const HELP_LINK_SLUGS = {
  withdrawal: ["withdrawal-fees", "withdrawal-timing"],
  transfer: ["transfer-fees"],
  brokers: ["link-existing-account"],
} as const;
const HELP_LINK_PAGES = ["withdrawal", "transfer", "brokers"] as const;

export const helpRouter = router({
  // ------------------------------------------------------------------ everyone
  /** /help: published articles by category, or those matching ?q= in either language. */
  list: publicProcedure
    .input(helpListInput)
    .query(({ ctx, input }) => help.helpList(ctx.listDb, ctx.locale, input.q)),

  article: publicProcedure
    .input(slugInput)
    .query(({ ctx, input }) => help.helpArticle(ctx.listDb, ctx.locale, input.slug)),

  /** The chat page's questions before a member writes. */
  top: publicProcedure.query(({ ctx }) => help.topQuestions(ctx.listDb, ctx.locale)),

  /** The answers a page links to, by the page (titles in the reader's language). */
  links: publicProcedure
    .input(z.object({ page: z.enum(HELP_LINK_PAGES) }))
    .query(({ ctx, input }) => help.helpLinks(ctx.listDb, ctx.locale, HELP_LINK_SLUGS[input.page])),

  // ------------------------------------------------------------------ admin
  adminList: legalProcedure.query(({ ctx }) => help.adminHelpList(ctx.db)),

  adminGet: legalProcedure
    .input(idInput)
    .query(({ ctx, input }) => help.adminHelpArticle(ctx.db, input.id)),

  create: legalProcedure
    .input(createArticleInput)
    .mutation(({ ctx, input }) => help.createHelpArticle(ctx.db, ctx.user.id, input)),

  update: legalProcedure
    .input(updateArticleInput)
    .mutation(({ ctx, input: { id, ...article } }) =>
      help.updateHelpArticle(ctx.db, ctx.user.id, id, article),
    ),

  setPublished: legalProcedure
    .input(publishInput)
    .mutation(({ ctx, input }) =>
      help.setHelpPublished(ctx.db, ctx.user.id, input.id, input.published),
    ),
});
