import * as z from "zod";
import { nameSchema, nicknameSchema } from "./text";
import { checkbox } from "./fields";

/**
 * The member's profile and payment details forms, as the procedures take them. Messages are
 * keys under errors:field (shown with the field's label). Pure (no Node imports): the browser
 * checks the forms with these same schemas; the payment details' own rules need the USDT
 * network the admin set and are the service's (server/features/profile/schema.ts).
 */

const required = "required";

/**
 * An optional text field: surrounding spaces dropped, "" (or null, as the schema gives it)
 * meaning "none"; anything else must pass `schema`.
 */
export function optionalText<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .string({ error: required })
    .trim()
    .nullable()
    .transform((v) => (v === "" ? null : v))
    .pipe(schema.nullable());
}

// --------------------------------------------------------------------------------- profile

/** Account names X (Twitter) does not give out: a link there is not an account. */
const TWITTER_RESERVED = new Set([
  "home",
  "i",
  "intent",
  "share",
  "search",
  "settings",
  "explore",
  "notifications",
  "messages",
  "login",
  "signup",
  "tos",
  "privacy",
]);

const TWITTER_URL =
  /^https?:\/\/(?:www\.|mobile\.)?(twitter\.com|x\.com)\/([A-Za-z0-9_]{1,15})\/?(?:[?#].*)?$/i;

/**
 * A Twitter / X account URL: https://x.com/name or https://twitter.com/name (www. and mobile.
 * allowed). Stored as https://<host>/<name>, without tracking parameters.
 */
export const twitterUrlSchema = z
  .string()
  .max(200, "tooLong")
  .transform((value, ctx) => {
    const match = TWITTER_URL.exec(value);
    const host = match?.[1]?.toLowerCase();
    const handle = match?.[2];
    if (!host || !handle || TWITTER_RESERVED.has(handle.toLowerCase())) {
      ctx.addIssue({ code: "custom", message: "twitterUrl" });
      return z.NEVER;
    }
    return `https://${host}/${handle}`;
  });

export const profileInput = z.object({
  name: nameSchema,
  nickname: nicknameSchema,
  twitterUrl: optionalText(twitterUrlSchema),
  rankingOptOut: checkbox,
});
export type ProfileInput = z.input<typeof profileInput>;
export type ProfileValues = z.output<typeof profileInput>;

// ------------------------------------------------------------------------- payment details

/** A payment details field as the form sends it; one not sent is blank (none). */
const formText = z.string().max(300, "tooLong").default("");

/**
 * What the payment details procedure takes: the form's twelve strings. Their rules
 * (paymentDetailsSchema) are applied by the service with the USDT network the admin set, so
 * that every field's message, the address's included, comes back in one answer.
 */
export const paymentDetailsForm = z.object({
  bankName: formText,
  bankCode: formText,
  branchName: formText,
  branchNumber: formText,
  accountType: formText,
  bankAccountNumber: formText,
  accountHolder: formText,
  usdtAddress: formText,
  exnessEmail: formText,
  peskaEmail: formText,
  bitwalletEmail: formText,
  paypayId: formText,
});
export type PaymentDetailsForm = z.output<typeof paymentDetailsForm>;

// ------------------------------------------------------------------- notification switches

/** One channel's switches as the page sends them: a ticked one is "on", an unticked one absent. */
const notifySwitches = z.preprocess(
  (v) => v ?? {},
  z.object({ withdrawal: checkbox, transfer: checkbox, account: checkbox, rewards: checkbox }),
);

/**
 * The notification switches form: "mail.withdrawal", "line.rewards", … and `lineShown` ("1"),
 * sent only when the page showed the LINE column (a member without a LINE link has none, and
 * the save leaves LINE's switches alone).
 */
export const notificationsForm = z.object({
  mail: notifySwitches,
  line: notifySwitches,
  lineShown: z.literal("1").optional(),
});
