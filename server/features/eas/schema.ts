import { z } from "zod";
import { decideInput } from "../../domain/decision";
import { EA_ACCOUNT_TYPES, EA_CATEGORIES, eaInput, versionSchema } from "../../domain/ea";
import { idInput, present, recordId, required } from "../../lib/input";
import { filterChoice, filterText, pagingSchema } from "../../lib/paging";

/**
 * EAs (trading robots) and their licences. Messages are i18n keys: under `errors:field` for a
 * field's rule, top-level `errors:` for the rest.
 */

export const LICENSE_STATUSES = ["pending", "active", "rejected", "revoked"] as const;

const id = recordId;
export { decideInput, idInput };
export * from "../../domain/ea";

/** A new version of the EA's file: its label, the uploaded bytes and the file's own name. */
export const fileUpload = z.object({
  version: versionSchema,
  fileName: z.string().max(255),
  bytes: z.instanceof(Uint8Array),
});
export type FileUpload = z.output<typeof fileUpload>;

export const createEaInput = z.object({ ea: eaInput, file: fileUpload });
export const updateEaInput = z.object({ id, ea: eaInput });
export const uploadVersionInput = z.object({ id, file: fileUpload });

export const memberListInput = pagingSchema(["updatedAt", "name"], {
  sort: "updatedAt",
  dir: "desc",
}).extend({ category: filterChoice(EA_CATEGORIES) });

export const adminListInput = pagingSchema(["updatedAt", "createdAt", "name"], {
  sort: "updatedAt",
  dir: "desc",
}).extend({ q: filterText(100), category: filterChoice(EA_CATEGORIES) });

export const myLicensesInput = pagingSchema(["createdAt"], {
  sort: "createdAt",
  dir: "desc",
}).extend({
  status: filterChoice(LICENSE_STATUSES),
});

export const adminLicensesInput = pagingSchema(["createdAt", "issuedAt"], {
  sort: "createdAt",
  dir: "desc",
}).extend({
  /** Blank: every EA (the all-licences page); an id: that EA's licences. */
  eaId: z.preprocess((v) => (v === "" ? undefined : v), id.optional().catch(undefined)),
  status: filterChoice(LICENSE_STATUSES),
  member: filterText(100),
});

export const memberAccountsInput = z.object({
  member: z.string({ error: required }).trim().min(1, present).max(254, "tooLong"),
});

export const dedicatedListInput = pagingSchema(["createdAt", "member"], {
  sort: "createdAt",
  dir: "desc",
}).extend({
  /** Member email / nickname / uid or account number (part of it). */
  q: filterText(100),
  type: filterChoice(EA_ACCOUNT_TYPES),
});

export const ACCOUNT_REQUEST_STATUSES = ["pending", "approved", "denied"] as const;

export const accountRequestsInput = pagingSchema(["createdAt"], {
  sort: "createdAt",
  dir: "desc",
}).extend({
  status: z
    .enum([...ACCOUNT_REQUEST_STATUSES, "all"])
    .catch("pending")
    .default("pending"),
  /** Member email / nickname / uid (part of it). */
  q: filterText(100),
});

/** A denial of a dedicated-account request: the reason and its optional English. */
export const denyAccountRequestInput = decideInput;
