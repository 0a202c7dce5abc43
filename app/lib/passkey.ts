/**
 * The browser side of the passkey ceremonies. @simplewebauthn/browser is imported only when a
 * passkey button is pressed, so no other page's JavaScript grows.
 */

export type PasskeyCeremony = "login" | "second-factor" | "register" | "reauth";

export type PasskeyOutcome<T> = { ok: true; data: T } | { ok: false; key: string };

interface StepAnswer<T> {
  ok: boolean;
  data?: T;
  error?: { key: string | null; fieldErrors?: Record<string, string> };
}

async function post<T>(step: string, body: Record<string, unknown>): Promise<PasskeyOutcome<T>> {
  let answer: StepAnswer<T>;
  try {
    const res = await fetch(`/passkey/${step}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    answer = (await res.json()) as StepAnswer<T>;
  } catch {
    return { ok: false, key: "passkeyFailed" };
  }
  if (answer.ok) return { ok: true, data: answer.data as T };
  // A field error (the passkey's name) is reported through the form's own field.
  const fieldKey = answer.error?.fieldErrors?.name ? "validation" : null;
  return { ok: false, key: answer.error?.key ?? fieldKey ?? "passkeyFailed" };
}

/** What the authenticator's refusal means to the person: cancelled, unsupported, duplicate. */
function browserErrorKey(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "passkeyCancelled";
  if (name === "NotSupportedError" || name === "SecurityError") return "passkeyUnsupported";
  if (name === "InvalidStateError") return "passkeyAlreadyRegistered";
  return "passkeyFailed";
}

/**
 * Runs one ceremony: options from the server, the authenticator's answer, the answer back to
 * the server. `extra` goes with the answer (the redirect after sign-in, the passkey's name).
 */
export async function runPasskey<T>(
  ceremony: PasskeyCeremony,
  extra: Record<string, unknown> = {},
): Promise<PasskeyOutcome<T>> {
  const webauthn = await import("@simplewebauthn/browser");
  if (!webauthn.browserSupportsWebAuthn()) return { ok: false, key: "passkeyUnsupported" };
  const options = await post<never>(`${ceremony}-options`, {});
  if (!options.ok) return options;
  let response: unknown;
  try {
    response =
      ceremony === "register"
        ? await webauthn.startRegistration({ optionsJSON: options.data })
        : await webauthn.startAuthentication({ optionsJSON: options.data });
  } catch (error) {
    return { ok: false, key: browserErrorKey(error) };
  }
  return post<T>(ceremony, { ...extra, response });
}
