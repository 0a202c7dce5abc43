import { z } from "zod";
import { idInput, recordId } from "../../lib/input";
import { articleInput, MAX_QUERY } from "../../domain/help";

/**
 * The help centre: the admin's article form and the procedures' inputs (one schema for both;
 * messages are keys under errors:field).
 */

export const createArticleInput = articleInput;
export const updateArticleInput = articleInput.extend({ id: recordId });

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
export * from "../../domain/help";
