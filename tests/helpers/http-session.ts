import { timeStep, totpAt } from "#server/auth/totp";

/** The session cookie (`sid=…`) a login through the form gives, as a browser would get it. */
export async function signIn(
  origin: string,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<string> {
  const res = await post(origin, "/login", { email, password, redirect: "" });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  // An admin signs in with a second factor: the TOTP step, with the challenge cookie.
  const challenge = cookies.find((c) => c.startsWith("mfa_challenge="));
  if (challenge) {
    if (!totpSecret) throw new Error(`login as ${email} asks for a second factor`);
    const code = totpAt(totpSecret, timeStep());
    const second = await post(origin, "/login/mfa", { code, redirect: "" }, challenge);
    return sessionOf(second, `second factor for ${email}`);
  }
  return sessionOf(res, `login as ${email}`);
}

function post(origin: string, path: string, form: Record<string, string>, cookie?: string) {
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(form),
    // A server that stops answering fails the sign-in instead of hanging its caller.
    signal: AbortSignal.timeout(30_000),
  });
}

function sessionOf(res: Response, what: string): string {
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("sid="));
  if (res.status !== 302 || !sid) throw new Error(`${what} failed (HTTP ${res.status})`);
  return sid;
}
