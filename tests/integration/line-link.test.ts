import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config";
import { codeChallenge } from "#server/line/login";
import { markReauthenticated } from "#server/features/auth/account-security";
import { createCaller } from "#server/trpc/router";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase, fileLineStandin } from "../helpers/file-db";
import { createUser, makeContext } from "../helpers/fixtures";
import { newLineUserId } from "../helpers/line-standin";

const ORIGIN = "https://portal.example";

const t = fileDatabase();
const standin = fileLineStandin();

function lineConfig(apiBase = standin.url) {
  return parseConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    APP_ORIGIN: ORIGIN,
    LINE_LOGIN_CHANNEL_ID: standin.options.loginChannelId,
    LINE_LOGIN_CHANNEL_SECRET: standin.options.loginChannelSecret,
    LINE_API_BASE_URL: apiBase,
    LINE_LOGIN_BASE_URL: standin.url,
    LINE_BOT_BASIC_ID: "@123abcde",
    LINE_HTTP_TIMEOUT_MS: "2000",
  });
}

/** A member's caller on one session (each call of this makes a new session). */
async function session(userId: string, config = lineConfig()) {
  const ctx = await makeContext(t.db, userId);
  // Linking follows a step-up (line-link-step-up.test.ts): this session has just had one.
  await markReauthenticated(t.db, ctx.session!.sessionId);
  return createCaller({ ...ctx, config });
}

async function member() {
  return (await createUser(t.db)).id;
}

/** What the browser does on LINE's side: open the authorization page and press a button. */
async function consent(
  authorizeUrl: string,
  options: { decision?: "allow" | "cancel"; userId?: string; name?: string; friend?: boolean } = {},
) {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const q = url.searchParams;
  const form = new URLSearchParams({
    redirect_uri: q.get("redirect_uri")!,
    state: q.get("state")!,
    nonce: q.get("nonce")!,
    code_challenge: q.get("code_challenge")!,
    client_id: q.get("client_id")!,
    user_id: options.userId ?? newLineUserId(),
    name: options.name ?? "山田 太郎",
    decision: options.decision ?? "allow",
  });
  if (options.friend !== false) form.set("friend", "1");
  const res = await fetch(`${standin.url}/oauth2/v2.1/authorize/consent`, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/users/line-callback`);
  return Object.fromEntries(back.searchParams.entries());
}

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => "linked",
    (e: { key?: string }) => e.key ?? String(e),
  );

describe(`LINE Login linking on ${testEngine}`, () => {
  it("asks LINE for openid with state, nonce, PKCE S256 and the add-friend prompt", async () => {
    const caller = await session(await member());
    const { url } = await caller.line.start();
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${standin.url}/oauth2/v2.1/authorize`);
    const q = Object.fromEntries(u.searchParams.entries());
    expect(q).toMatchObject({
      response_type: "code",
      client_id: standin.options.loginChannelId,
      redirect_uri: `${ORIGIN}/users/line-callback`,
      scope: "openid profile",
      bot_prompt: "aggressive",
      code_challenge_method: "S256",
    });
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(q.nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only hashes and server-side secrets are stored: the state itself is nowhere in the table.
    const rows = await t.db.kysely.selectFrom("line_login_requests").selectAll().execute();
    expect(rows.some((r) => r.id === q.state)).toBe(false);
    const row = rows.find((r) => r.nonce === q.nonce)!;
    expect(codeChallenge(row.code_verifier)).toBe(q.code_challenge);
  });

  it("links the account LINE vouches for, and knows whether it follows the bot", async () => {
    const id = await member();
    const caller = await session(id);
    expect((await caller.line.status()).linked).toBeNull();
    const lineUserId = newLineUserId();
    const back = await consent((await caller.line.start()).url, { userId: lineUserId });
    expect(await caller.line.callback({ code: back.code, state: back.state })).toEqual({
      outcome: "linked",
      back: "line",
    });
    const status = await caller.line.status();
    expect(status.linked).toMatchObject({ displayName: "山田 太郎", reachable: true });
    expect(status.addFriendUrl).toBe("https://line.me/R/ti/p/%40123abcde");
    expect(status.startUrl).toBe(`${ORIGIN}/users/line-connect/start`);
    const link = await rowWhere(t.db, "line_links", "user_id", id);
    expect(link.line_user_id).toBe(lineUserId);

    // The same callback again: the state was spent.
    expect(await keyOf(caller.line.callback({ code: back.code, state: back.state }))).toBe(
      "lineGeneric",
    );
  });

  it("records a member who declined the friend prompt as unreachable", async () => {
    const caller = await session(await member());
    const back = await consent((await caller.line.start()).url, { friend: false });
    await caller.line.callback({ code: back.code, state: back.state });
    expect((await caller.line.status()).linked).toMatchObject({ reachable: false });
  });

  it("completes a login only in the session that started it, once, within its time", async () => {
    const id = await member();
    const first = await session(id);
    const second = await session(id);
    const back = await consent((await first.line.start()).url);
    expect(await keyOf(second.line.callback({ code: back.code, state: back.state }))).toBe(
      "lineGeneric",
    );
    const stranger = await session(await member());
    expect(await keyOf(stranger.line.callback({ code: back.code, state: back.state }))).toBe(
      "lineGeneric",
    );
    // Still usable by its own session after those refusals.
    expect(await keyOf(first.line.callback({ code: back.code, state: back.state }))).toBe("linked");

    const late = await session(await member());
    const lateBack = await consent((await late.line.start()).url);
    await t.db.kysely
      .updateTable("line_login_requests")
      .set({ expires_at: "2000-01-01 00:00:00.000" })
      .where("used_at", "is", null)
      .execute();
    expect(await keyOf(late.line.callback({ code: lateBack.code, state: lateBack.state }))).toBe(
      "lineGeneric",
    );
    expect(await keyOf(late.line.callback({ code: lateBack.code }))).toBe("lineGeneric");
  });

  it("says when the member cancelled on LINE", async () => {
    const caller = await session(await member());
    const back = await consent((await caller.line.start()).url, { decision: "cancel" });
    expect(back.error).toBe("access_denied");
    expect(await keyOf(caller.line.callback({ state: back.state, error: back.error }))).toBe(
      "lineCancelled",
    );
    expect((await caller.line.status()).linked).toBeNull();
  });

  it("refuses a code whose PKCE verifier or nonce does not match", async () => {
    const caller = await session(await member());
    const start = new URL((await caller.line.start()).url);
    const redirectUri = start.searchParams.get("redirect_uri")!;
    const state = start.searchParams.get("state")!;
    const wrongVerifier = standin.issueCode({
      redirectUri,
      codeChallenge: codeChallenge("not the verifier we sent"),
      nonce: start.searchParams.get("nonce")!,
      userId: newLineUserId(),
    });
    expect(await keyOf(caller.line.callback({ code: wrongVerifier, state }))).toBe("lineGeneric");

    const again = new URL((await caller.line.start()).url);
    const wrongNonce = standin.issueCode({
      redirectUri,
      codeChallenge: again.searchParams.get("code_challenge")!,
      nonce: "a nonce from some other login",
      userId: newLineUserId(),
    });
    expect(
      await keyOf(
        caller.line.callback({ code: wrongNonce, state: again.searchParams.get("state")! }),
      ),
    ).toBe("lineGeneric");
    expect((await caller.line.status()).linked).toBeNull();
  });

  it("keeps one LINE account per member and one member per LINE account", async () => {
    const lineUserId = newLineUserId();
    const a = await session(await member());
    const b = await session(await member());
    const first = await consent((await a.line.start()).url, { userId: lineUserId });
    await a.line.callback({ code: first.code, state: first.state });
    const second = await consent((await b.line.start()).url, { userId: lineUserId });
    expect(await keyOf(b.line.callback({ code: second.code, state: second.state }))).toBe(
      "lineTaken",
    );
    expect((await b.line.status()).linked).toBeNull();

    // Linking another LINE account replaces the member's link.
    const replacement = newLineUserId();
    const third = await consent((await a.line.start()).url, {
      userId: replacement,
      name: "新しい",
    });
    await a.line.callback({ code: third.code, state: third.state });
    const links = await t.db.kysely
      .selectFrom("line_links")
      .select("line_user_id")
      .where("line_user_id", "in", [lineUserId, replacement])
      .execute();
    expect(links.map((l) => l.line_user_id)).toEqual([replacement]);
    // The first LINE account is free again.
    const fourth = await consent((await b.line.start()).url, { userId: lineUserId });
    expect(await keyOf(b.line.callback({ code: fourth.code, state: fourth.state }))).toBe("linked");
  });

  it("says the connection failed when LINE cannot be reached", async () => {
    const id = await member();
    const down = lineConfig("http://127.0.0.1:9");
    const caller = await session(id, down);
    const back = await consent((await caller.line.start()).url);
    expect(await keyOf(caller.line.callback({ code: back.code, state: back.state }))).toBe(
      "lineConnection",
    );
  });

  it("unlinks and keeps the notification preferences", async () => {
    const caller = await session(await member());
    const back = await consent((await caller.line.start()).url);
    await caller.line.callback({ code: back.code, state: back.state });
    expect((await caller.line.status()).preferences).toEqual({
      withdrawal: true,
      transfer: true,
      marathon: true,
      support: true,
    });
    const saved = await caller.line.savePreferences({
      withdrawal: true,
      transfer: false,
      marathon: true,
      support: false,
    });
    expect(saved).toEqual({ withdrawal: true, transfer: false, marathon: true, support: false });
    await caller.line.unlink();
    const status = await caller.line.status();
    expect(status.linked).toBeNull();
    expect(status.preferences).toEqual(saved);
  });

  it("is unavailable without a LINE Login channel", async () => {
    const caller = await session(await member(), parseConfig({ NODE_ENV: "test" }));
    expect((await caller.line.status()).available).toBe(false);
    expect(await keyOf(caller.line.start())).toBe("lineNotConfigured");
  });

  it("tells the profile whether to invite linking: only when the channel is configured", async () => {
    const id = await member();
    const without = await session(id, parseConfig({ NODE_ENV: "test" }));
    expect((await without.profile.notificationPrefs()).lineLinkable).toBe(false);
    const withLine = await session(id);
    expect((await withLine.profile.notificationPrefs()).lineLinkable).toBe(true);
  });
});
