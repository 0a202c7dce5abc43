import * as z from "zod";
import { amount, requestKey, text } from "./fields";
import { englishText } from "./form-fields";
import { idInput, sendBackInput } from "./withdrawal-decision";

/**
 * A present (yen the admin gives a member) as the admin's form sends it and the procedure
 * takes it (pure, so the action parses the form with it). Messages are keys under errors:field.
 */
export const presentInput = z.object({
  /** The member's email (what the admin knows) or id. */
  member: text(254),
  amount,
  reason: text(200),
  reasonEn: englishText(200),
  campaignId: z.string().max(64).optional(),
  requestKey,
});

/**
 * The second admin's decisions on a present awaiting its second approval, as the present page's
 * forms send them: approve (the member is credited then), or send back with a reason.
 */
export const presentDecisionForm = z.discriminatedUnion("intent", [
  idInput.extend({ intent: z.literal("approve") }),
  sendBackInput.extend({ intent: z.literal("sendBack") }),
]);
