import { z } from "zod";
import { englishText } from "../../domain/form-fields";
import { present, required } from "../../lib/input";
import { filterChoice, pagingSchema } from "../../lib/paging";
import { agreement, CONSENT_KINDS, LEGAL_KINDS, MAX_BODY, MAX_SUMMARY } from "../../domain/legal";

/**
 * Legal documents: the admin's publish form and the procedures' inputs. Messages are i18n keys
 * under `errors:field`.
 */

export const kindInput = z.object({ kind: z.enum(LEGAL_KINDS) });

/** A public page's version from the URL: anything that is not a positive number is "latest". */
export const documentInput = kindInput.extend({
  version: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});

const lf = (v: string) => v.replace(/\r\n?/g, "\n").trim();

export const publishInput = z
  .object({
    kind: z.enum(LEGAL_KINDS),
    body: z
      .string({ error: required })
      .transform(lf)
      .pipe(z.string().min(1, present).max(MAX_BODY, "tooLong")),
    bodyEn: englishText(MAX_BODY),
    summary: z
      .string()
      .optional()
      .transform((v) => lf(v ?? ""))
      .pipe(z.string().max(MAX_SUMMARY, "tooLong"))
      .transform((v) => (v === "" ? null : v)),
    summaryEn: englishText(MAX_SUMMARY),
    reconsent: z.boolean(),
  })
  .superRefine((v, ctx) => {
    // Members asked to agree again read what changed: the notice shows this summary.
    if (v.reconsent && v.summary === null) {
      ctx.addIssue({ code: "custom", path: ["summary"], message: "legalSummaryRequired" });
    }
    if (v.reconsent && !(CONSENT_KINDS as readonly string[]).includes(v.kind)) {
      ctx.addIssue({ code: "custom", path: ["reconsent"], message: "legalNotAgreed" });
    }
  });
export type PublishValues = z.output<typeof publishInput>;

/** The versions the member saw on the notice and accepts. */
export const acceptInput = z.object({
  agree: agreement,
  documents: z
    .array(z.object({ kind: z.enum(CONSENT_KINDS), version: z.number().int().min(1) }))
    .min(1)
    .max(CONSENT_KINDS.length),
});

export const consentListInput = pagingSchema(["acceptedAt"], {
  sort: "acceptedAt",
  dir: "desc",
}).extend({ kind: filterChoice(CONSENT_KINDS) });
