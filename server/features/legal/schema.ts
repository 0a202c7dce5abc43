import { z } from "zod";
import { filterChoice, pagingSchema } from "../../lib/paging";
import { agreement, CONSENT_KINDS, LEGAL_KINDS, publishInput } from "../../domain/legal";

export { publishInput };

/**
 * Legal documents: the admin's publish form and the procedures' inputs. Messages are i18n keys
 * under `errors:field`.
 */

export const kindInput = z.object({ kind: z.enum(LEGAL_KINDS) });

/** A public page's version from the URL: anything that is not a positive number is "latest". */
export const documentInput = kindInput.extend({
  version: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
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
