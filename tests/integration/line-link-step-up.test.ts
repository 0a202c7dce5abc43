import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { createSession, findSession } from "#server/auth/session";
import { RULES } from "#server/auth/rate-limit";
import { timeStep, totpAt } from "#server/auth/totp";
import { parseConfig } from "#server/config";
import { markReauthenticated } from "#server/features/auth/account-security";
import { createCaller } from "#server/trpc/router";
import { rowsWhere, rowWhere, testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { ADMIN_TOTP_SECRET, createUser, makeContext, TEST_PASSWORD } from "../helpers/fixtures";
import { LineOidc, type LineUser } from "../helpers/line-oidc";
import { linkLine } from "../helpers/line-link";
import { newLineUserId } from "../helpers/line-standin";

/**
 * Linking and unlinking LINE Login from the security page, after a step-up, and the step-up
 * itself through LINE for a member whose only way in is LINE; LINE is a real OpenID provider
 * on loopback (oidc-provider), the browser's part played by following its redirects.
 */

const ORIGIN = "https://portal.example";
const CALLBACK = `${ORIGIN}/users/line-callback`;

const t = fileDatabase();
const line = new LineOidc({ redirectUris: [CALLBACK] });

beforeAll(async () => {
  await line.start();
});
afterAll(async () => {
  await line.stop();
});

const config = () => parseConfig(line.portalEnv(ORIGIN));

/** One signed-in browser: every call runs on the same session, as a browser's would. */
async function browserOf(userId: string) {
  const { token } = await createSession(t.db, userId);
  const cfg = config();
  const call = async () =>
    createCaller({
      ...(await makeContext(t.db)),
      session: await findSession(t.db, token),
      config: cfg,
    });
  return {
    call,
    sessionId: async () => (await findSession(t.db, token))?.sessionId,
    /** Starts LINE Login `for` a purpose, signs in at LINE as `user`, returns to the callback. */
    async viaLine(
      start: "security" | "line" | "reauth-security" | "reauth-profile",
      user: LineUser,
      decision: "allow" | "cancel" = "allow",
    ) {
      const { url } = await (await call()).line.start({ for: start });
      const back = await line.authorize(url, user, decision);
      expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
      const p = (k: string) => back.searchParams.get(k) ?? undefined;
      return (await call()).line.callback({
        code: p("code"),
        state: p("state"),
        error: p("error"),
        errorDescription: p("error_description"),
      });
    },
  };
}

/** The refusal's key and the page it sends the member back to. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => ({ key: "ok", back: null }),
    (e: { key?: string; params?: { back?: string } }) => ({
      key: e.key ?? String(e),
      back: e.params?.back ?? null,
    }),
  );

const lineUser = (): LineUser => ({ sub: newLineUserId(), name: "山田 太郎" });

/** An account made by signing up with LINE: no password the member knows. */
async function lineOnlyMember(options: { totp?: boolean } = {}) {
  const member = await createUser(t.db);
  await t.db.kysely
    .updateTable("users")
    .set({
      password_unset_at: nowDb(),
      ...(options.totp ? { totp_secret: ADMIN_TOTP_SECRET, totp_enabled_at: nowDb() } : {}),
    })
    .where("id", "=", member.id)
    .execute();
  const user = lineUser();
  await linkLine(t.db, member.id, { lineUserId: user.sub, displayName: user.name });
  return { ...member, user };
}

async function audited(userId: string, action: string) {
  return t.db.kysely
    .selectFrom("audit_log")
    .select(["action", "data"])
    .where("actor_id", "=", userId)
    .where("action", "=", action as never)
    .execute();
}

describe(`Linking LINE Login after a step-up on ${testEngine}`, () => {
  it("refuses to start linking before the step-up, links after it and audits it", async () => {
    const member = await createUser(t.db);
    const browser = await browserOf(member.id);
    expect(await refusal((await browser.call()).line.start({ for: "security" }))).toMatchObject({
      key: "reauthRequired",
    });
    await (
      await browser.call()
    ).auth.reauthenticate({
      email: member.email,
      password: TEST_PASSWORD,
    });
    const user = lineUser();
    expect(await browser.viaLine("security", user)).toEqual({
      outcome: "linked",
      back: "security",
    });
    expect(await rowWhere(t.db, "line_links", "user_id", member.id)).toMatchObject({
      line_user_id: user.sub,
    });
    const status = await (await browser.call()).line.status();
    expect(status.linked).toMatchObject({ displayName: "山田 太郎" });
    expect(status.unlinkable).toBe(true);
    expect(await audited(member.id, "auth.line.link")).toHaveLength(1);
  });

  it("refuses a LINE user linked to another account, with the message, back on the security page", async () => {
    const other = await createUser(t.db);
    const taken = lineUser();
    await linkLine(t.db, other.id, { lineUserId: taken.sub });
    const member = await createUser(t.db);
    const browser = await browserOf(member.id);
    await (
      await browser.call()
    ).auth.reauthenticate({
      email: member.email,
      password: TEST_PASSWORD,
    });
    expect(await refusal(browser.viaLine("security", taken))).toEqual({
      key: "lineTaken",
      back: "security",
    });
    expect(await rowsWhere(t.db, "line_links", "user_id", member.id)).toEqual([]);
    expect(await rowWhere(t.db, "line_links", "user_id", other.id)).toMatchObject({
      line_user_id: taken.sub,
    });
  });

  it("unlinks only after the step-up, and audits it", async () => {
    const member = await createUser(t.db);
    await linkLine(t.db, member.id);
    const browser = await browserOf(member.id);
    expect(await refusal((await browser.call()).line.unlink())).toMatchObject({
      key: "reauthRequired",
    });
    expect(await rowsWhere(t.db, "line_links", "user_id", member.id)).toHaveLength(1);
    await (
      await browser.call()
    ).auth.reauthenticate({
      email: member.email,
      password: TEST_PASSWORD,
    });
    await (await browser.call()).line.unlink();
    expect(await rowsWhere(t.db, "line_links", "user_id", member.id)).toEqual([]);
    expect(await audited(member.id, "auth.line.unlink")).toHaveLength(1);
  });

  it("refuses to unlink LINE when it is the account's last way in; a password set opens it", async () => {
    const member = await lineOnlyMember();
    const browser = await browserOf(member.id);
    expect((await (await browser.call()).line.status()).unlinkable).toBe(false);
    expect(await browser.viaLine("reauth-security", member.user)).toEqual({
      outcome: "reauthenticated",
      back: "security",
    });
    expect(await refusal((await browser.call()).line.unlink())).toMatchObject({
      key: "lineLastSignIn",
    });
    expect(await rowsWhere(t.db, "line_links", "user_id", member.id)).toHaveLength(1);
    // Setting a password (the step-up through LINE allows it) gives the account another way in.
    await (
      await browser.call()
    ).auth.changePassword({
      password: "Another-passw0rd-9",
      passwordConfirm: "Another-passw0rd-9",
    });
    expect(await rowWhere(t.db, "users", "id", member.id)).toMatchObject({
      password_unset_at: null,
    });
    await (await browser.call()).line.unlink();
    expect(await rowsWhere(t.db, "line_links", "user_id", member.id)).toEqual([]);
  });
});

describe(`Confirming it is you through LINE (LINE-only members) on ${testEngine}`, () => {
  it("is offered to a LINE-only member and opens the step-up window with the linked LINE user", async () => {
    const member = await lineOnlyMember();
    const browser = await browserOf(member.id);
    const before = await (await browser.call()).auth.security();
    expect(before).toMatchObject({ reauthValid: false, passwordSet: false, lineReauth: "start" });
    expect(await browser.viaLine("reauth-profile", member.user)).toEqual({
      outcome: "reauthenticated",
      back: "profile",
    });
    expect(await (await browser.call()).auth.security()).toMatchObject({ reauthValid: true });
  });

  it("refuses another LINE user; a few such tries end the session", async () => {
    const member = await lineOnlyMember();
    const browser = await browserOf(member.id);
    expect(await refusal(browser.viaLine("reauth-security", lineUser()))).toEqual({
      key: "lineReauthMismatch",
      back: "security",
    });
    expect(await (await browser.call()).auth.security()).toMatchObject({ reauthValid: false });
    const keys: string[] = [];
    for (let i = 1; i < RULES.reauthSession.points; i++) {
      keys.push((await refusal(browser.viaLine("reauth-security", lineUser()))).key);
    }
    expect(keys.at(-1)).toBe("reauthSignedOut");
    expect(await refusal((await browser.call()).auth.security())).toMatchObject({
      key: "loginRequired",
    });
  });

  it("says so when the member cancels on LINE", async () => {
    const member = await lineOnlyMember();
    const browser = await browserOf(member.id);
    expect(await refusal(browser.viaLine("reauth-security", member.user, "cancel"))).toEqual({
      key: "lineReauthCancelled",
      back: "security",
    });
  });

  it("asks for the authenticator code after LINE when TOTP is on", async () => {
    const member = await lineOnlyMember({ totp: true });
    const browser = await browserOf(member.id);
    // The code alone, before LINE, opens nothing.
    expect(
      await refusal(
        (await browser.call()).line.reauthCode({ code: totpAt(ADMIN_TOTP_SECRET, timeStep()) }),
      ),
    ).toMatchObject({ key: "lineReauthExpired" });
    expect(await browser.viaLine("reauth-security", member.user)).toEqual({
      outcome: "codeNeeded",
      back: "security",
    });
    expect(await (await browser.call()).auth.security()).toMatchObject({
      reauthValid: false,
      lineReauth: "code",
    });
    expect(await refusal((await browser.call()).line.reauthCode({ code: "000000" }))).toMatchObject(
      { key: "invalidCode" },
    );
    await (await browser.call()).line.reauthCode({ code: totpAt(ADMIN_TOTP_SECRET, timeStep()) });
    expect(await (await browser.call()).auth.security()).toMatchObject({
      reauthValid: true,
      lineReauth: "start",
    });
  });

  it("is not offered to a member with a password, nor to a LINE-only member with only a passkey", async () => {
    const member = await createUser(t.db);
    await linkLine(t.db, member.id);
    const browser = await browserOf(member.id);
    expect(await (await browser.call()).auth.security()).toMatchObject({ lineReauth: null });
    expect(
      await refusal((await browser.call()).line.start({ for: "reauth-security" })),
    ).toMatchObject({ key: "lineReauthUnavailable" });

    const keyed = await lineOnlyMember();
    await t.db.kysely.insertInto("passkeys").values(passkeyRow(keyed.id)).execute();
    const keyedBrowser = await browserOf(keyed.id);
    expect(await (await keyedBrowser.call()).auth.security()).toMatchObject({
      reauthFactor: "passkey",
      lineReauth: null,
    });
    // A passkey is another way in: LINE may go.
    expect((await (await keyedBrowser.call()).line.status()).unlinkable).toBe(true);
    // (The passkey ceremony itself is tested elsewhere; here the window is opened directly.)
    await markReauthenticated(t.db, (await keyedBrowser.sessionId())!);
    await (await keyedBrowser.call()).line.unlink();
    // Now the passkey is the last way in: it stays.
    const [key] = await rowsWhere(t.db, "passkeys", "user_id", keyed.id);
    expect(
      await refusal((await keyedBrowser.call()).mfa.passkeyRemove({ id: key!.id })),
    ).toMatchObject({ key: "passkeyLastSignIn" });
    expect(await rowsWhere(t.db, "passkeys", "user_id", keyed.id)).toHaveLength(1);
  });
});

/** A passkey row as registration leaves one (the key itself is never used here). */
function passkeyRow(userId: string) {
  const now = nowDb();
  return {
    id: newId(),
    user_id: userId,
    credential_id: Math.random().toString(36).slice(2),
    public_key: "AAAA",
    counter: 0,
    transports: null,
    name: "test key",
    created_at: now,
    last_used_at: null,
  } as never;
}
