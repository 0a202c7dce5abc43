import * as z from "zod";
import { emailSchema } from "./account";
import { agreement } from "./legal";
import { nameSchema, nicknameSchema } from "./text";

/**
 * The sign-up form after LINE: the names, the address (left empty when LINE vouched for one,
 * the procedure then uses LINE's), and the terms and privacy consent (required, as on the
 * password sign-up). Pure: the page checks the form with it too.
 */
export const lineSignUpInput = z.object({
  name: nameSchema,
  nickname: nicknameSchema,
  email: z.union([z.literal(""), emailSchema]).optional(),
  agree: agreement,
});

/** The mailed link's token of a sign-up with LINE, as the verify page's button sends it. */
export const mailTokenInput = z.object({ token: z.string().min(1).max(100) });
