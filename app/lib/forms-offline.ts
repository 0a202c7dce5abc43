import type { ClientActionFunctionArgs } from "@remix-run/react";
import { answerOf } from "./form-echo";

/**
 * The browser's half of "a money form never loses work" (the server's is the `money` option of attempt and submitForm): when
 * the request does not even reach the server, or its answer does not come back (a phone that
 * loses its signal), the page stays, with what was typed and a message, instead of the error
 * screen. Whether the request was recorded cannot be known here; the form's one-time key (in
 * the values) makes sending again safe. A route uses it as its clientAction:
 *   export const clientAction = keepWorkWhenOffline("submitUnsure");
 */
export function keepWorkWhenOffline(unsureKey: string) {
  return async ({ request, serverAction }: ClientActionFunctionArgs) => {
    const form = await request.clone().formData();
    try {
      return await serverAction();
    } catch (error) {
      // fetch() rejects with a TypeError when the network fails; anything else is the server's
      // own answer (a redirect, an error page) and goes on as before.
      if (!(error instanceof TypeError)) throw error;
      const values: Record<string, string> = {};
      for (const [name, value] of form) if (typeof value === "string") values[name] = value;
      return answerOf({ key: unsureKey, params: null, fieldErrors: {} }, values);
    }
  };
}
