import * as z from "zod";
import { checkbox, recordId, required as present, yesNo } from "./fields";
import { englishText } from "./form-fields";

/**
 * The help centre's categories and the article's limits (pure: the admin's article form shows
 * them, the procedures' input schema enforces them).
 */

/** The categories /help groups articles by, in the order it lists them. */
export const HELP_CATEGORIES = [
  "cashback",
  "accounts",
  "withdrawals",
  "membership",
  "tax",
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const MAX_TITLE = 200;
export const MAX_BODY = 10_000;

/** The message key of a missing value (errors:field.required). */
const required = "required";

/** The longest search /help reads (the box takes no more; a longer ?q= is cut to it). */
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
  published: checkbox,
  /** Listed under the popular questions at the top of /help. */
  popular: checkbox,
  title: z.string({ error: required }).trim().min(1, present).max(MAX_TITLE, "tooLong"),
  titleEn: englishText(MAX_TITLE),
  body: z
    .string({ error: required })
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, present).max(MAX_BODY, "tooLong")),
  bodyEn: englishText(MAX_BODY),
});
export type ArticleValues = z.output<typeof articleInput>;

/** The list's switch: an article published or not. */
export const publishInput = z.object({ id: recordId, published: yesNo });
