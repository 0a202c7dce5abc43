import { z } from "zod";

/** What LINE Login sends back to /users/line-callback (all optional: anyone can call it). */
export const callbackInput = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(128).optional(),
  errorDescription: z.string().max(1000).optional(),
});
export type CallbackInput = z.output<typeof callbackInput>;

export { preferencesInput } from "../../domain/line-link";
import { type preferencesInput } from "../../domain/line-link";
export type Preferences = z.output<typeof preferencesInput>;

/** Starting a sign-in with LINE: in a popup (desktop) or by redirect, and where to land. */
export const signInStartInput = z.object({
  popup: z.boolean(),
  redirect: z.string().max(500).nullable(),
});

/** The sign-up form after LINE: the names, the address (unless LINE gave one), the consent. */
export { lineSignUpInput } from "../../domain/line-sign-up";

export { mailTokenInput } from "../../domain/line-sign-up";
