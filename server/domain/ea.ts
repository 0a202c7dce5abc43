import * as z from "zod";
import { checkbox, ID_PATTERN, recordId, required as present, yesNo } from "./fields";
import { englishText } from "./form-fields";

/**
 * An EA as the admin's form sends it and the EA procedures take it (pure, so the action parses
 * the form with it). Messages are i18n keys under `errors:field`.
 */

/** The message key of a missing value (errors:field.required). */
const required = "required";

export const EA_CATEGORIES = ["trend", "cashback"] as const;
export const EA_ACCOUNT_TYPES = ["ea_dedicated", "regular"] as const;

export const MAX_NAME = 100;
export const MAX_DESCRIPTION = 4000;

export const eaInput = z.object({
  name: z.string({ error: required }).trim().min(1, present).max(MAX_NAME, "tooLong"),
  developer: z.string({ error: required }).trim().min(1, present).max(100, "tooLong"),
  description: z.string({ error: required }).trim().max(MAX_DESCRIPTION, "tooLong"),
  nameEn: englishText(MAX_NAME),
  descriptionEn: englishText(MAX_DESCRIPTION),
  category: z.string({ error: required }).pipe(z.enum(EA_CATEGORIES, { error: required })),
  accountType: z.string({ error: required }).pipe(z.enum(EA_ACCOUNT_TYPES, { error: required })),
  active: checkbox,
});
export type EaValues = z.output<typeof eaInput>;

/** A version label: "1.0", "2.3.1-beta". */
export const versionSchema = z
  .string({ error: required })
  .trim()
  .min(1, present)
  .max(32, "eaVersion")
  .regex(/^[0-9A-Za-z][0-9A-Za-z._-]*$/, "eaVersion");

/** A new EA: its details and its first version's label. */
export const createEaForm = eaInput.extend({ version: versionSchema });

/** The EA's page sends its details, or a new version (`intent` names which). */
export const editEaForm = z.discriminatedUnion("intent", [
  eaInput.extend({ intent: z.literal("details") }),
  z.object({ intent: z.literal("version"), version: versionSchema }),
]);

/** The admin issues a licence directly: which EA, which member (email or uid), which account. */
export const issueForInput = z.object({
  eaId: z.string({ error: required }).min(1, present).regex(ID_PATTERN, "notFound"),
  member: z.string({ error: required }).trim().min(1, present).max(254, "tooLong"),
  accountId: z
    .string({ error: "eaAccountRequired" })
    .min(1, { error: "eaAccountRequired", abort: true })
    .regex(ID_PATTERN, "eaAccountRequired"),
});

/** A member asks for a licence of an EA for one of their approved accounts of its type. */
export const requestLicenseInput = z.object({
  eaId: recordId,
  accountId: z
    .string({ error: "eaAccountRequired" })
    .min(1, { error: "eaAccountRequired", abort: true })
    .regex(ID_PATTERN, "eaAccountRequired"),
});

/** The accounts list's switch: an account EA-dedicated or not. */
export const setDedicatedInput = z.object({ accountId: recordId, dedicated: yesNo });
