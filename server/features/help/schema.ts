import { z } from "zod";
import { englishText } from "../../lib/form-fields";
import { idInput, present, recordId, required } from "../../lib/input";
import { HELP_CATEGORIES, MAX_BODY, MAX_TITLE } from "../../domain/help";

/**
 * The help centre: the admin's article form and the procedures' inputs (one schema for both;
 * messages are keys under errors:field).
 */

export const MAX_QUERY = 100;

/** The URL's last part: lower-case letters and digits, words joined by single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const articleInput = z.object({
  slug: z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, present)
    .max(100, "tooLong")
    .regex(SLUG, "helpSlug"),
  category: z.enum(HELP_CATEGORIES, { error: required }),
  position: z.coerce
    .number({ error: "displayOrder" })
    .int("displayOrder")
    .min(0, "displayOrder")
    .max(9999, "displayOrder"),
  published: z.boolean(),
  title: z.string({ error: required }).trim().min(1, present).max(MAX_TITLE, "tooLong"),
  titleEn: englishText(MAX_TITLE),
  body: z
    .string({ error: required })
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, present).max(MAX_BODY, "tooLong")),
  bodyEn: englishText(MAX_BODY),
});
export type ArticleValues = z.output<typeof articleInput>;

export const createArticleInput = articleInput;
export const updateArticleInput = articleInput.extend({ id: recordId });
export const publishInput = z.object({ id: recordId, published: z.boolean() });

/** /help?q=: blank or over-long text is no search (the page says nothing matched). */
export const helpListInput = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, MAX_QUERY)),
});

/** A slug from the URL: one that cannot exist is simply not found. */
export const slugInput = z.object({ slug: z.string().min(1, "notFound").max(100, "notFound") });

export { idInput };
