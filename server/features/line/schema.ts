import { z } from "zod";

/** What LINE Login sends back to /users/line-callback (all optional: anyone can call it). */
export const callbackInput = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(128).optional(),
  errorDescription: z.string().max(1000).optional(),
});
export type CallbackInput = z.output<typeof callbackInput>;

const flag = z.boolean();

/** Which notifications the member wants on LINE. */
export const preferencesInput = z.object({
  withdrawal: flag,
  transfer: flag,
  marathon: flag,
  support: flag,
});
export type Preferences = z.output<typeof preferencesInput>;

/** Starting a sign-in with LINE: in a popup (desktop) or by redirect, and where to land. */
export const signInStartInput = z.object({
  popup: z.boolean(),
  redirect: z.string().max(500).nullable(),
});

/** The sign-up form after LINE: the names, the address (unless LINE gave one), the consent. */
export { lineSignUpInput } from "../../domain/line-sign-up";

export const mailTokenInput = z.object({ token: z.string().min(1).max(100) });
