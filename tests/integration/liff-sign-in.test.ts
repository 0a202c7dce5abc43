import { generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { findSession } from "#server/auth/session";
import { timeStep, totpAt } from "#server/auth/totp";
import { parseConfig } from "#server/config";
import { LIFF_PAGE_NAMES, LIFF_PAGES } from "#domain/liff";
import type { Context } from "#server/trpc/context";
import { createCaller } from "#server/trpc/router";
import { testEngine } from "../helpers/db";
import { fileDatabase, fileLineStandin } from "../helpers/file-db";
import { ADMIN_TOTP_SECRET, createUser, makeContext } from "../helpers/fixtures";
import { linkLine } from "../helpers/line";
import { newLineUserId } from "../helpers/line-standin";

const t = fileDatabase();
const standin = fileLineStandin();

function liffConfig(env: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    APP_ORIGIN: "https://portal.example",
    LINE_LOGIN_CHANNEL_ID: standin.options.loginChannelId,
    LINE_LOGIN_CHANNEL_SECRET: standin.options.loginChannelSecret,
    LIFF_ID: `${standin.options.loginChannelId}-AbcdEfgh`,
    LINE_API_BASE_URL: standin.url,
    LINE_LOGIN_BASE_URL: standin.url,
    LINE_HTTP_TIMEOUT_MS: "10000",
    ...env,
  });
}

/** A browser inside LINE: no session unless `userId` (then that member's), and its cookies. */
async function inLine(
  options: { userId?: string; cookies?: Record<string, string>; env?: Record<string, string> } = {},
) {
  const ctx: Context = {
    ...(await makeContext(t.db, options.userId, { cookies: options.cookies })),
    config: liffConfig(options.env),
  };
  return { ctx, caller: createCaller(ctx) };
}

/** The cookies a response sets, by name (value only). */
function setCookies(ctx: Context): Record<string, string> {
  return Object.fromEntries(
    ctx.resHeaders.getSetCookie().map((c) => {
      const pair = c.split(";")[0]!;
      return [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    }),
  );
}

async function linkedMember(options: { secondFactor?: boolean } = {}) {
  const user = await createUser(t.db);
  if (options.secondFactor) {
    await t.db.kysely
      .updateTable("users")
      .set({ totp_secret: ADMIN_TOTP_SECRET, totp_enabled_at: "2026-11-01 00:00:00.000" })
      .where("id", "=", user.id)
      .execute();
  }
  const lineUserId = await linkLine(t.db, user.id);
  return { ...user, lineUserId };
}

async function sessionCount(userId: string) {
  const rows = await t.db.kysely
    .selectFrom("sessions")
    .select("id")
    .where("user_id", "=", userId)
    .execute();
  return rows.length;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { key?: string; code?: string }) => e.key ?? e.code ?? String(e),
  );

describe(`LIFF sign-in on ${testEngine}`, () => {
  it("signs the linked member in with the ID token LINE vouches for, and names the page", async () => {
    const member = await linkedMember();
    const { ctx, caller } = await inLine();
    const idToken = standin.issueIdToken({ userId: member.lineUserId });
    expect(await caller.line.liffSignIn({ idToken, page: "statement" })).toEqual({
      outcome: "signedIn",
      to: "/users/statement",
    });
    const sid = setCookies(ctx).sid!;
    const session = await findSession(t.db, sid);
    expect(session?.user.id).toBe(member.id);
    // The browser becomes a known device of the account, as after a password.
    expect(setCookies(ctx)).toHaveProperty("device");
  });

  it("sends every menu page to its own path on this site", async () => {
    const member = await linkedMember();
    for (const page of LIFF_PAGE_NAMES) {
      const { caller } = await inLine();
      // A token per opening, as LINE gives (two issued in one second would be one token).
      const idToken = standin.issueIdToken({ userId: member.lineUserId, name: `LINE ${page}` });
      const answer = await caller.line.liffSignIn({ idToken, page });
      expect(answer).toEqual({ outcome: "signedIn", to: LIFF_PAGES[page] });
    }
  });

  it("asks for the second factor of an account that has one, then opens the page", async () => {
    const member = await linkedMember({ secondFactor: true });
    const { ctx, caller } = await inLine();
    const idToken = standin.issueIdToken({ userId: member.lineUserId });
    expect(await caller.line.liffSignIn({ idToken, page: "withdraw" })).toEqual({
      outcome: "secondFactor",
      to: "/login/mfa?redirect=%2Fusers%2Fwithdraw%2Fnew",
    });
    const cookies = setCookies(ctx);
    expect(cookies).not.toHaveProperty("sid");
    expect(await sessionCount(member.id)).toBe(0);
    // The second-factor step of a password sign-in takes it from here.
    const step = await inLine({ cookies: { mfa_challenge: cookies.mfa_challenge! } });
    await step.caller.auth.loginMfa({ code: totpAt(ADMIN_TOTP_SECRET, timeStep()) });
    const session = await findSession(t.db, setCookies(step.ctx).sid!);
    expect(session?.user.id).toBe(member.id);
  });

  it("tells an unlinked LINE user so, and signs nobody in", async () => {
    const { ctx, caller } = await inLine();
    const idToken = standin.issueIdToken({ userId: newLineUserId() });
    expect(await caller.line.liffSignIn({ idToken, page: "dashboard" })).toEqual({
      outcome: "unlinked",
    });
    expect(ctx.resHeaders.getSetCookie()).toEqual([]);
  });

  it("refuses tampered, forged, expired and other channels' tokens", async () => {
    const member = await linkedMember();
    const stranger = newLineUserId();
    const own = standin.issueIdToken({ userId: stranger });
    const [head, , sig] = own.split(".");
    // The member's LINE user id put into a stranger's signed token.
    const payload = JSON.parse(Buffer.from(own.split(".")[1]!, "base64url").toString("utf8")) as {
      sub: string;
    };
    payload.sub = member.lineUserId;
    const tampered = `${head}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${sig}`;
    const forged = standin.issueIdToken({
      userId: member.lineUserId,
      secret: "ffffffffffffffffffffffffffffffff",
    });
    const expired = standin.issueIdToken({
      userId: member.lineUserId,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const otherChannel = standin.issueIdToken({ userId: member.lineUserId, aud: "9999999999" });
    for (const idToken of [tampered, forged, expired, otherChannel]) {
      const { ctx, caller } = await inLine();
      expect(await refusal(caller.line.liffSignIn({ idToken, page: "dashboard" }))).toBe(
        "liffRefused",
      );
      expect(ctx.resHeaders.getSetCookie()).toEqual([]);
    }
    expect(await sessionCount(member.id)).toBe(0);
  });

  it("takes page names only: a path or another site is refused before anything else", async () => {
    const member = await linkedMember();
    const idToken = standin.issueIdToken({ userId: member.lineUserId });
    const attempts = [
      "//evil.example",
      "https://evil.example/users",
      "/users/statement",
      "/\\evil.example",
      "statement/../../admin",
      "statement?next=//evil.example",
      "constructor",
      "__proto__",
      "",
    ];
    for (const page of attempts) {
      const { ctx, caller } = await inLine();
      expect(await refusal(caller.line.liffSignIn({ idToken, page: page as "dashboard" }))).toBe(
        "BAD_REQUEST",
      );
      expect(ctx.resHeaders.getSetCookie()).toEqual([]);
    }
    expect(await sessionCount(member.id)).toBe(0);
  });

  it("keeps the member's session when they are already signed in, and replaces another's", async () => {
    const member = await linkedMember();
    const idToken = standin.issueIdToken({ userId: member.lineUserId });
    const same = await inLine({ userId: member.id });
    expect(await same.caller.line.liffSignIn({ idToken, page: "chat" })).toEqual({
      outcome: "signedIn",
      to: "/users/chat",
    });
    expect(same.ctx.resHeaders.getSetCookie()).toEqual([]);
    expect(await sessionCount(member.id)).toBe(1);

    const other = await createUser(t.db);
    const theirs = await inLine({ userId: other.id });
    expect(await sessionCount(other.id)).toBe(1);
    await theirs.caller.line.liffSignIn({ idToken, page: "chat" });
    expect(await sessionCount(other.id)).toBe(0);
    expect((await findSession(t.db, setCookies(theirs.ctx).sid!))?.user.id).toBe(member.id);
  });

  it("signs in once with a token: the same token posted again from another browser is refused", async () => {
    const member = await linkedMember();
    const idToken = standin.issueIdToken({ userId: member.lineUserId });
    const first = await inLine();
    expect(await first.caller.line.liffSignIn({ idToken, page: "statement" })).toMatchObject({
      outcome: "signedIn",
    });
    expect(await sessionCount(member.id)).toBe(1);
    // Copied out of LINE's browser (a log, a proxy) and posted elsewhere: no second session.
    const replay = await inLine();
    expect(await refusal(replay.caller.line.liffSignIn({ idToken, page: "withdraw" }))).toBe(
      "liffRefused",
    );
    expect(setCookies(replay.ctx)).not.toHaveProperty("sid");
    expect(await sessionCount(member.id)).toBe(1);
    // Only a hash of the token is kept, until the token itself expires.
    const kept = await t.db.kysely.selectFrom("liff_token_uses").selectAll().execute();
    expect(kept.some((row) => row.id === idToken)).toBe(false);
    expect(kept.length).toBeGreaterThanOrEqual(1);
  });

  it("spends a token also when it asks for the second factor", async () => {
    const member = await linkedMember({ secondFactor: true });
    const idToken = standin.issueIdToken({ userId: member.lineUserId });
    const { caller } = await inLine();
    expect(await caller.line.liffSignIn({ idToken, page: "withdraw" })).toMatchObject({
      outcome: "secondFactor",
    });
    const again = await inLine();
    expect(await refusal(again.caller.line.liffSignIn({ idToken, page: "withdraw" }))).toBe(
      "liffRefused",
    );
    expect(setCookies(again.ctx)).not.toHaveProperty("mfa_challenge");
  });

  it("says when LINE cannot be reached", async () => {
    const member = await linkedMember();
    const { caller } = await inLine({ env: { LINE_API_BASE_URL: "http://127.0.0.1:9" } });
    // LIFF's tokens are ES256: checking one needs LINE's key set, which cannot be fetched.
    const { privateKey } = await generateKeyPair("ES256");
    const idToken = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: "liff-key" })
      .setIssuer("https://access.line.me")
      .setSubject(member.lineUserId)
      .setAudience(standin.options.loginChannelId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    expect(await refusal(caller.line.liffSignIn({ idToken, page: "dashboard" }))).toBe(
      "lineConnection",
    );
  });

  it("is not there without a LIFF app configured", async () => {
    const member = await linkedMember();
    const idToken = standin.issueIdToken({ userId: member.lineUserId });
    const { caller } = await inLine({ env: { LIFF_ID: "" } });
    expect(await refusal(caller.line.liffApp())).toBe("notFound");
    expect(await refusal(caller.line.liffSignIn({ idToken, page: "dashboard" }))).toBe("notFound");
    expect(await sessionCount(member.id)).toBe(0);
    const configured = await inLine();
    expect(await configured.caller.line.liffApp()).toEqual({
      liffId: `${standin.options.loginChannelId}-AbcdEfgh`,
    });
  });
});
