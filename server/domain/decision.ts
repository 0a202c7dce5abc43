import * as z from "zod";
import { recordId, required as present } from "./fields";
import { englishText } from "./form-fields";

/**
 * The admin lists' decisions on a row (a transfer, an EA licence, an account request): approve
 * it, or refuse it with the reason the member will read. Pure, so the list's action parses its
 * form with the procedures' own schema. Messages are keys under errors:field.
 */

/**
 * A refusal (a licence rejected or revoked, a request denied) carries the reason the member
 * will read (required), and its English (optional): members reading English get it, others the
 * Japanese.
 */
export const decideInput = z.object({
  id: recordId,
  reason: z.string({ error: "required" }).trim().min(1, present).max(500, "tooLong"),
  reasonEn: englishText(500),
});

/** A list whose rows are approved, or denied with a reason: one decision per post. */
export const approveOrDenyForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: recordId }),
  decideInput.extend({ intent: z.literal("deny") }),
]);

/** The licence lists: issue a pending request, reject it or revoke an active licence. */
export const licenseDecisionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("issue"), id: recordId }),
  decideInput.extend({ intent: z.literal("reject") }),
  decideInput.extend({ intent: z.literal("revoke") }),
]);
