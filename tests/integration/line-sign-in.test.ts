import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "#server/config";
import { loginSettings } from "#server/features/line/service";
import { LineLoginError, verifyLineIdToken } from "#server/line/login";
import { timeStep, totpAt } from "#server/auth/totp";
import { createCaller } from "#server/trpc/router";
import { rowsWhere, rowWhere, testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { ADMIN_TOTP_SECRET, createUser, MailBox, makeContext } from "../helpers/fixtures";
import { LineOidc, type LineUser } from "../helpers/line-oidc";
import { linkLine } from "../helpers/line-link";
import { newLineUserId } from "../helpers/line-standin";

const ORIGIN = "https://portal.example";
const CALLBACK = `${ORIGIN}/login/line/callback`;
const OTHER = { channelId: "9876543210", channelSecret: "fedcba9876543210fedcba9876543210" };

const t = fileDatabase();
const line = new LineOidc({
  redirectUris: [CALLBACK, `${ORIGIN}/users/line-callback`],
  otherChannel: OTHER,
});

beforeAll(async () => {
  await line.start();
});
afterAll(async () => {
  await line.stop();
});

function lineConfig(overrides: Record<string, string> = {}) {
  return parseConfig({ ...line.portalEnv(ORIGIN), ...overrides });
}

/** One browser: its cookies, kept across calls as a browser keeps them. */
class Browser {
  cookies: Record<string, string> = {};
  mail = new MailBox();
  constructor(private config = lineConfig()) {}

  async call<T>(work: (caller: ReturnType<typeof createCaller>) => Promise<T>): Promise<T> {
    const ctx = {
      ...(await makeContext(t.db, undefined, { cookies: this.cookies, mailer: this.mail })),
      config: this.config,
    };
    try {
      return await work(createCaller(ctx));
    } finally {
      for (const line of ctx.resHeaders.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        const name = pair!.slice(0, eq);
        const value = pair!.slice(eq + 1);
        if (value && !/Max-Age=0\b/.test(line)) this.cookies[name] = value;
        else delete this.cookies[name];
      }
    }
  }

  /** Taps 「LINEでログイン」, signs in at LINE as `user`, comes back: the callback's answer. */
  async signInWithLine(user: LineUser, decision: "allow" | "cancel" = "allow") {
    const { url } = await this.call((c) => c.lineSignIn.start({ popup: false, redirect: null }));
    const back = await line.authorize(url, user, decision);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    return { back, answer: this.callback(back) };
  }

  callback(back: URL) {
    const p = back.searchParams;
    const value = (k: string) => p.get(k) ?? undefined;
    return this.call((c) =>
      c.lineSignIn.callback({
        code: value("code"),
        state: value("state"),
        error: value("error"),
        errorDescription: value("error_description"),
      }),
    );
  }
}

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { key?: string }) => e.key ?? String(e),
  );

const lineUser = (extra: Partial<LineUser> = {}): LineUser => ({
  sub: newLineUserId(),
  name: "山田 太郎",
  ...extra,
});

async function auditActions(userId: string | null) {
  const rows = await t.db.kysely
    .selectFrom("audit_log")
    .select(["action", "data", "actor_id"])
    .where("action", "like", "auth.%")
    .$if(userId !== null, (q) => q.where("actor_id", "=", userId))
    .orderBy("created_at")
    .execute();
  return rows;
}

describe(`Sign in with LINE against a real OpenID provider on ${testEngine}`, () => {
  it("asks LINE for openid with state, nonce and PKCE S256, bound to the browser", async () => {
    const browser = new Browser();
    const { url } = await browser.call((c) =>
      c.lineSignIn.start({ popup: true, redirect: "/users/statement" }),
    );
    const q = new URL(url).searchParams;
    expect(q.get("scope")).toBe("openid profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(q.get("nonce")!.length).toBeGreaterThanOrEqual(32);
    expect(q.get("redirect_uri")).toBe(CALLBACK);
    expect(browser.cookies.line_signin).toBeTruthy();
    // The server keeps only the state's hash.
    expect(await rowsWhere(t.db, "line_sign_in_requests", "id", q.get("state")!)).toEqual([]);
  });

  it("signs a linked member in with one tap, audits it, and lands where they were going", async () => {
    const member = await createUser(t.db);
    const user = lineUser();
    await linkLine(t.db, member.id, { lineUserId: user.sub });
    const browser = new Browser();
    const { url } = await browser.call((c) =>
      c.lineSignIn.start({ popup: true, redirect: "/users/statement" }),
    );
    const answer = await browser.callback(await line.authorize(url, user));
    expect(answer).toMatchObject({ next: "signedIn", popup: true, redirect: "/users/statement" });
    expect(browser.cookies.sid).toBeTruthy();
    const me = await browser.call((c) => c.auth.me());
    // makeContext does not read the sid cookie; the session row proves the sign-in.
    void me;
    const sessions = await t.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", member.id)
      .execute();
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    const audit = await auditActions(member.id);
    expect(audit.map((a) => a.action)).toContain("auth.signIn");
    expect(JSON.parse(audit.at(-1)!.data!)).toMatchObject({ method: "line" });
  });

  it("still asks for the second factor enrolled on the account", async () => {
    const member = await createUser(t.db);
    await t.db.kysely
      .updateTable("users")
      .set({ totp_secret: ADMIN_TOTP_SECRET, totp_enabled_at: "2026-11-01 00:00:00.000" })
      .where("id", "=", member.id)
      .execute();
    const user = lineUser();
    await linkLine(t.db, member.id, { lineUserId: user.sub });
    const browser = new Browser();
    const { answer } = await browser.signInWithLine(user);
    expect(await answer).toMatchObject({ next: "mfa" });
    expect(browser.cookies.sid).toBeUndefined();
    expect(browser.cookies.mfa_challenge).toBeTruthy();
    // The password sign-in's second step finishes it.
    await browser.call((c) => c.auth.loginMfa({ code: totpAt(ADMIN_TOTP_SECRET, timeStep()) }));
    expect(browser.cookies.sid).toBeTruthy();
  });

  it("refuses a callback whose state this browser did not start (login CSRF)", async () => {
    const member = await createUser(t.db);
    const user = lineUser();
    await linkLine(t.db, member.id, { lineUserId: user.sub });
    const attacker = new Browser();
    const { url } = await attacker.call((c) =>
      c.lineSignIn.start({ popup: false, redirect: null }),
    );
    const back = await line.authorize(url, user);
    // The victim's browser gets the attacker's callback URL.
    const victim = new Browser();
    expect(await keyOf(victim.callback(back))).toBe("lineGeneric");
    // A state that was never issued.
    const forged = new URL(back);
    forged.searchParams.set("state", "x".repeat(43));
    expect(await keyOf(attacker.callback(forged))).toBe("lineGeneric");
    expect(victim.cookies.sid).toBeUndefined();
    const refused = (await auditActions(null)).filter((a) => a.action === "auth.signInFailed");
    expect(refused.length).toBeGreaterThanOrEqual(2);
  });

  it("completes a callback once: a replayed callback (same state and code) is refused", async () => {
    const member = await createUser(t.db);
    const user = lineUser();
    await linkLine(t.db, member.id, { lineUserId: user.sub });
    const browser = new Browser();
    const { url } = await browser.call((c) => c.lineSignIn.start({ popup: false, redirect: null }));
    const back = await line.authorize(url, user);
    const cookie = browser.cookies.line_signin!;
    expect(await browser.callback(back)).toMatchObject({ next: "signedIn" });
    browser.cookies.line_signin = cookie;
    expect(await keyOf(browser.callback(back))).toBe("lineGeneric");
  });

  it("refuses a tampered code and says so when the member cancels on LINE", async () => {
    const browser = new Browser();
    const { url } = await browser.call((c) => c.lineSignIn.start({ popup: false, redirect: null }));
    const back = await line.authorize(url, lineUser());
    back.searchParams.set("code", `${back.searchParams.get("code")}x`);
    expect(await keyOf(browser.callback(back))).toBe("lineGeneric");

    const cancelled = await browser.signInWithLine(lineUser(), "cancel");
    expect(cancelled.back.searchParams.get("error")).toBe("access_denied");
    expect(await keyOf(cancelled.answer)).toBe("lineSignInCancelled");
  });

  it("refuses an ID token signed for another channel, tampered, expired, or of another issuer", async () => {
    const settings = loginSettings(lineConfig())!;
    // A real token of the provider, issued to another channel: the audience is wrong.
    const other = loginSettings(
      lineConfig({
        LINE_LOGIN_CHANNEL_ID: OTHER.channelId,
        LINE_LOGIN_CHANNEL_SECRET: OTHER.channelSecret,
      }),
    )!;
    const idToken = await issuedIdToken(other);
    await expect(verifyLineIdToken(other, idToken, { nonce: null })).resolves.toMatchObject({
      name: "山田 太郎",
    });
    await expectRejected(verifyLineIdToken(settings, idToken, { nonce: null }), /aud/);

    // Our own channel's token: accepted once, refused with one character of the payload changed.
    const own = await issuedIdToken(settings);
    const verified = await verifyLineIdToken(settings, own, { nonce: null });
    const [head, body, sig] = own.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: newLineUserId() })).toString(
      "base64url",
    );
    await expectRejected(
      verifyLineIdToken(settings, `${head}.${forged}.${sig}`, { nonce: null }),
      /SIGNATURE/,
    );
    // alg "none" is never accepted.
    const none = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
    await expectRejected(verifyLineIdToken(settings, `${none}.${body}.`, { nonce: null }), /alg/);
    // A nonce we did not send.
    await expectRejected(verifyLineIdToken(settings, own, { nonce: "another" }), /nonce/);
    // Another issuer.
    await expectRejected(
      verifyLineIdToken({ ...settings, issuer: "https://access.line.me" }, own, { nonce: null }),
      /iss/,
    );
    // Two hours on, the token has expired.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
      await expectRejected(verifyLineIdToken(settings, own, { nonce: null }), /EXPIRED/);
    } finally {
      vi.useRealTimers();
    }
    expect(verified.sub).toMatch(/^U[0-9a-f]{32}$/);
  });

  it("refuses an HS256 token not signed with this channel's secret", async () => {
    const hs = new LineOidc({ redirectUris: [CALLBACK], alg: "HS256", otherChannel: OTHER });
    await hs.start();
    try {
      const settings = loginSettings(
        lineConfig({
          LINE_API_BASE_URL: hs.url,
          LINE_LOGIN_BASE_URL: hs.url,
          LINE_LOGIN_ISSUER: hs.url,
        }),
      )!;
      const token = await issuedIdToken(settings, hs);
      expect(JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()).alg).toBe(
        "HS256",
      );
      await expect(verifyLineIdToken(settings, token, { nonce: null })).resolves.toBeTruthy();
      await expectRejected(
        verifyLineIdToken({ ...settings, channelSecret: OTHER.channelSecret }, token, {
          nonce: null,
        }),
        /SIGNATURE/,
      );
    } finally {
      await hs.stop();
    }
  });

  it("starts a sign-up for a LINE user nobody linked, and makes the account after consent with LINE's address", async () => {
    const browser = new Browser(lineConfig({ LINE_LOGIN_EMAIL: "true" }));
    const user = lineUser({ email: `line-${Date.now()}@example.test` });
    const { answer } = await browser.signInWithLine(user);
    expect(await answer).toMatchObject({ next: "signUp" });
    expect(await browser.call((c) => c.lineSignIn.pendingSignUp())).toEqual({
      displayName: "山田 太郎",
      email: user.email,
    });
    // Without the consent nothing is made.
    expect(
      await keyOf(
        browser.call((c) =>
          c.lineSignIn.signUp({
            name: "山田 太郎",
            nickname: "たろう",
            agree: false as unknown as true,
          }),
        ),
      ),
    ).not.toBe("ok");
    expect(await rowsWhere(t.db, "users", "email", user.email!)).toEqual([]);
    const done = await browser.call((c) =>
      c.lineSignIn.signUp({ name: "Taro Yamada", nickname: "たろう", agree: "on" }),
    );
    expect(done).toMatchObject({ sent: false, permission: "member" });
    const made = await rowWhere(t.db, "users", "email", user.email!);
    expect(made.email_verified_at).toBeTruthy();
    expect(made.password_unset_at).toBeTruthy();
    expect(await rowWhere(t.db, "line_links", "line_user_id", user.sub)).toMatchObject({
      user_id: made.id,
    });
    expect((await auditActions(made.id)).map((a) => a.action)).toContain("auth.signUp");
    // Next time the same LINE user simply signs in.
    const again = await new Browser().signInWithLine(user);
    expect(await again.answer).toMatchObject({ next: "signedIn" });
  });

  it("without LINE's address, mails a link and makes the account only when it is opened", async () => {
    const browser = new Browser();
    const user = lineUser();
    const { answer } = await browser.signInWithLine(user);
    expect(await answer).toMatchObject({ next: "signUp" });
    expect((await browser.call((c) => c.lineSignIn.pendingSignUp())).email).toBeNull();
    const email = `mailed-${Date.now()}@example.test`;
    expect(
      await browser.call((c) =>
        c.lineSignIn.signUp({ name: "Hanako Sato", nickname: "はなこ", email, agree: "on" }),
      ),
    ).toEqual({ sent: true });
    expect(await rowsWhere(t.db, "users", "email", email)).toEqual([]);
    const token = browser.mail.token("verifyEmail");
    expect(browser.mail.last("verifyEmail")!.params.link).toContain("/login/line/verify?token=");
    const opened = new Browser();
    await opened.call((c) => c.lineSignIn.confirmSignUp({ token }));
    expect(opened.cookies.sid).toBeTruthy();
    const made = await rowWhere(t.db, "users", "email", email);
    expect(made.email_verified_at).toBeTruthy();
    expect(await rowWhere(t.db, "line_links", "line_user_id", user.sub)).toMatchObject({
      user_id: made.id,
    });
    // The link works once.
    expect(await keyOf(new Browser().call((c) => c.lineSignIn.confirmSignUp({ token })))).toBe(
      "verifyFailed",
    );
  });

  it("does not make a second account for an address already registered", async () => {
    const existing = await createUser(t.db);
    const browser = new Browser(lineConfig({ LINE_LOGIN_EMAIL: "true" }));
    const { answer } = await browser.signInWithLine(lineUser({ email: existing.email }));
    expect(await answer).toMatchObject({ next: "signUp" });
    expect(
      await keyOf(
        browser.call((c) =>
          c.lineSignIn.signUp({ name: "Some One", nickname: "だれか", agree: "on" }),
        ),
      ),
    ).toBe("lineEmailRegistered");
    // Typed instead of from LINE: the owner is told by mail, the answer is the same as for a new one.
    const typed = new Browser();
    await (
      await typed.signInWithLine(lineUser())
    ).answer;
    expect(
      await typed.call((c) =>
        c.lineSignIn.signUp({
          name: "Some One",
          nickname: "だれか",
          email: existing.email,
          agree: "on",
        }),
      ),
    ).toEqual({ sent: true });
    expect(typed.mail.last()?.template).toBe("alreadyRegistered");
  });

  it("is not offered without a LINE Login channel", async () => {
    const browser = new Browser(parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
    expect(await browser.call((c) => c.lineSignIn.available())).toBe(false);
    expect(
      await keyOf(browser.call((c) => c.lineSignIn.start({ popup: false, redirect: null }))),
    ).toBe("lineNotConfigured");
    expect(await new Browser().call((c) => c.lineSignIn.available())).toBe(true);
  });
});

/** An ID token the provider issued to `settings`' channel, through the real code flow. */
async function issuedIdToken(
  settings: NonNullable<ReturnType<typeof loginSettings>>,
  provider: LineOidc = line,
): Promise<string> {
  const { authorizeUrl, newLoginSecrets, exchangeCode } = await import("#server/line/login");
  const secrets = newLoginSecrets();
  const url = authorizeUrl(settings, {
    redirectUri: CALLBACK,
    state: secrets.state,
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
  });
  const back = await provider.authorize(url, lineUser());
  // The raw token: exchanged by hand, as LINE's token endpoint returns it.
  const res = await fetch(`${settings.apiBaseUrl}/oauth2/v2.1/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      redirect_uri: CALLBACK,
      client_id: settings.channelId,
      client_secret: settings.channelSecret,
      code_verifier: secrets.codeVerifier,
    }),
  });
  const body = (await res.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
  void exchangeCode;
  return body.id_token;
}

async function expectRejected(promise: Promise<unknown>, reason: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LineLoginError);
  expect((error as LineLoginError).kind).toBe("rejected");
  expect((error as LineLoginError).message).toMatch(reason);
}
