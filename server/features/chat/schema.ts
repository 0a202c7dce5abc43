import { z } from "zod";
import { isId } from "#db/id";

/**
 * Support chat inputs. Messages are i18n keys under `errors:field` (shown with the field's
 * label), so the composer and the procedure share one schema and both languages.
 */

export const MAX_CHAT_BODY = 2000;

/** A message id or a member id from the page. */
export const idSchema = z.string().refine(isId, { error: "notFound" });

const sendFields = {
  body: z
    .string()
    .max(MAX_CHAT_BODY, { error: "chatTooLong" })
    // Trailing spaces and blank lines add nothing; leading ones may be intended layout.
    .transform((v) => v.replace(/\s+$/u, ""))
    .default(""),
  /** Image bytes, handed over by the route that parsed the multipart upload. */
  image: z.instanceof(Uint8Array).optional(),
};
const hasContent = (v: { body: string; image?: Uint8Array | undefined }) =>
  v.body.length > 0 || (v.image !== undefined && v.image.length > 0);
const emptyMessage = { error: "chatEmpty", path: ["body"] };

export const sendInput = z.object(sendFields).refine(hasContent, emptyMessage);
export type SendInput = z.output<typeof sendInput>;

export const pageInput = z.object({ before: idSchema.optional() }).default({});
export const pollInput = z
  .object({ after: idSchema.nullable().default(null) })
  .default({ after: null });
export const markReadInput = z.object({ upto: idSchema });

export const adminThreadInput = z.object({ memberId: idSchema, before: idSchema.optional() });
export const adminPollInput = z.object({
  memberId: idSchema,
  after: idSchema.nullable().default(null),
});
export const adminMarkReadInput = z.object({ memberId: idSchema, upto: idSchema });
export const adminSendInput = z
  .object({ memberId: idSchema, ...sendFields })
  .refine(hasContent, emptyMessage);
export const adminListInput = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    unreadOnly: z.boolean().default(false),
  })
  .default({ page: 1, unreadOnly: false });
export const imageInput = z.object({ messageId: idSchema });
