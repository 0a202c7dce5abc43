import { describe, expect, it } from "vitest";
import { timeStep, totpAt } from "#server/auth/totp";
import { testEngine, tokensOf, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey, sessionCount } from "../helpers/rejections";
import { createDb } from "#db";
import { attemptLimiter, limitKey, RULES, signInSlowdownMs } from "#server/auth/rate-limit";
import { createCaller } from "#server/trpc/router";
import { callerFor, createUser, makeContext, TEST_PASSWORD, signUp } from "../helpers/fixtures";

const t = fileDatabase();

const GOOD = "Kx7-mUq2-wpLr";

/** A sign-in from a visitor's device (`from`: its context options, such as its address). */
async function loginFrom(from: Parameters<typeof callerFor>[2], email: string, password: string) {
  return (await callerFor(t.db, undefined, from)).auth.login({ email, password });
}

describe(`login on ${testEngine}`, () => {
  it("answers the same for an unknown email and a wrong password", async () => {
    const user = await createUser(t.db);
    await expectKey(loginFrom({ ip: "10.0.0.1" }, user.email, "Wrong1234"), "invalidCredentials");
    await expectKey(
      loginFrom({ ip: "10.0.0.1" }, "nobody@example.test", "Wrong1234"),
      "invalidCredentials",
    );
  });

  it("records each sign-in and each refused password or code in the audit log, with its address", async () => {
    const user = await createUser(t.db);
    const events = () =>
      t.db.kysely
        .selectFrom("audit_log")
        .select(["action", "actor_id", "target_id", "ip", "user_agent", "data"])
        .where("member_id", "=", user.id)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    await expectKey(loginFrom({ ip: "10.9.0.1" }, user.email, "Wrong1234"), "invalidCredentials");
    await loginFrom({ ip: "10.9.0.2" }, user.email, TEST_PASSWORD);
    expect(await events()).toEqual([
      {
        action: "auth.signInFailed",
        actor_id: null,
        target_id: user.id,
        ip: "10.9.0.1",
        user_agent: "vitest",
        data: JSON.stringify({ step: "password" }),
      },
      {
        action: "auth.signIn",
        actor_id: user.id,
        target_id: user.id,
        ip: "10.9.0.2",
        user_agent: "vitest",
        data: JSON.stringify({ method: "password" }),
      },
    ]);

    // A wrong code after the right password: the second step's refusal, on the same account.
    const caller = await callerFor(t.db, user.id);
    await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    const { secret } = await caller.auth.mfaStart();
    await caller.auth.mfaConfirm({ code: totpAt(secret, timeStep()) });
    const ctx = await makeContext(t.db, undefined, { ip: "10.9.0.3" });
    await createCaller(ctx).auth.login({ email: user.email, password: TEST_PASSWORD });
    const cookie = ctx.resHeaders.getSetCookie().find((c) => c.startsWith("mfa_challenge="))!;
    const challenge = cookie.slice("mfa_challenge=".length, cookie.indexOf(";"));
    const second = await callerFor(t.db, undefined, {
      cookies: { mfa_challenge: challenge },
      ip: "10.9.0.3",
    });
    const right = totpAt(secret, timeStep());
    await expectKey(
      second.auth.loginMfa({ code: right === "000000" ? "111111" : "000000" }),
      "invalidCode",
    );
    await second.auth.loginMfa({ code: totpAt(secret, timeStep() + 1) });
    const last = (await events()).filter((e) => e.ip === "10.9.0.3").map((e) => [e.action, e.data]);
    expect(last).toEqual([
      ["auth.signInFailed", JSON.stringify({ step: "secondFactor" })],
      ["auth.signIn", JSON.stringify({ method: "secondFactor" })],
    ]);
  });

  it("records a password tried on an unknown address without the address typed", async () => {
    const typed = `nobody-${Date.now()}@example.test`;
    await expectKey(loginFrom({ ip: "10.9.1.1" }, typed, "Wrong1234"), "invalidCredentials");
    const rows = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "actor_id", "member_id", "target_id", "data"])
      .where("ip", "=", "10.9.1.1")
      .execute();
    expect(rows).toEqual([
      {
        action: "auth.signInFailed",
        actor_id: null,
        member_id: null,
        target_id: null,
        data: JSON.stringify({ step: "password" }),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(typed);
  });

  it("sets an httpOnly session cookie and rotates the old session", async () => {
    const user = await createUser(t.db);
    const ctx = await makeContext(t.db, user.id);
    expect(await sessionCount(t.db, user.id)).toBe(1);
    const result = await createCaller(ctx).auth.login({
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(result).toMatchObject({ mfaRequired: false, permission: "member" });
    const cookie = ctx.resHeaders.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The session the caller had is gone; the new one is the only one.
    expect(await sessionCount(t.db, user.id)).toBe(1);
  });

  it("a wrong password from one address does not lock the owner out at theirs", async () => {
    const user = await createUser(t.db);
    const attacker = { ip: "10.1.0.1" };
    for (let i = 0; i < 5; i++) {
      await expectKey(loginFrom(attacker, user.email, "Wrong1234"), "invalidCredentials");
    }
    // From the attacker's address even the right password is no longer checked…
    await expectKey(loginFrom(attacker, user.email, TEST_PASSWORD), "tooManyAttempts");
    // …while the owner, at their own address, signs in as usual.
    await expect(loginFrom({ ip: "10.1.9.9" }, user.email, TEST_PASSWORD)).resolves.toMatchObject({
      mfaRequired: false,
    });
  });

  it("an address past its allowance is slowed down, not locked: others behind it still sign in", async () => {
    // An attacker behind a shared address (an office, a mobile carrier's CGNAT) sprays it.
    const ip = "10.2.0.1";
    for (let i = 0; i < RULES.signInAddress.points; i++) {
      await expectKey(
        loginFrom({ ip }, `probe${i}@example.test`, "Wrong1234"),
        "invalidCredentials",
      );
    }
    // Someone else behind the same address still signs in with the right password (it was
    // refused for an hour).
    const other = await createUser(t.db);
    await expect(loginFrom({ ip }, other.email, TEST_PASSWORD)).resolves.toMatchObject({
      mfaRequired: false,
    });
    // The slowed address checks one password at a time: a parallel burst from it gets one
    // check, the rest are refused at once, and every one of them is counted.
    const before = await attemptLimiter(t.db).used("signInAddress", limitKey(ip));
    const keys = (
      await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) =>
          loginFrom({ ip }, `more${i}@example.test`, "Wrong1234"),
        ),
      )
    ).map((r) => (r.status === "rejected" ? (r.reason as { key?: string }).key : "signedIn"));
    expect(keys.filter((k) => k === "invalidCredentials")).toHaveLength(1);
    expect(keys.filter((k) => k === "signInBusy")).toHaveLength(4);
    expect(await attemptLimiter(t.db).used("signInAddress", limitKey(ip))).toBe(before + 5);
  });

  it("the wait grows with the attempts past the allowance, up to a ceiling", () => {
    const allowance = RULES.signInAddress.points;
    expect(signInSlowdownMs(allowance)).toBe(0);
    expect(signInSlowdownMs(allowance + 1)).toBeGreaterThan(0);
    expect(signInSlowdownMs(allowance + 4)).toBeGreaterThan(signInSlowdownMs(allowance + 1));
    expect(signInSlowdownMs(allowance * 100)).toBeLessThanOrEqual(5000);
  });

  it("thirty guesses sent at once, over two web processes, get at most five checks", async () => {
    const user = await createUser(t.db);
    // A second handle on the same database stands for a second web process.
    const second = createDb(
      "databaseUrl" in t.location ? { databaseUrl: t.location.databaseUrl } : t.location,
    );
    try {
      const ip = "10.5.0.1";
      const guesses = Array.from({ length: 30 }, (_, i) =>
        i === 29 ? TEST_PASSWORD : `Wrong${1000 + i}x`,
      );
      const results = await Promise.allSettled(
        guesses.map(async (password, i) =>
          (await callerFor(i % 2 ? second : t.db, undefined, { ip })).auth.login({
            email: user.email,
            password,
          }),
        ),
      );
      const keys = results.map((r) =>
        r.status === "fulfilled" ? "signedIn" : (r.reason as { key?: string }).key,
      );
      const checked = keys.filter((k) => k !== "tooManyAttempts");
      expect(checked.length).toBeLessThanOrEqual(RULES.signInAccount.points);
      expect(keys.filter((k) => k === "tooManyAttempts").length).toBeGreaterThanOrEqual(25);
      // The right password was among the last guesses: it was refused unchecked.
      expect(keys[29]).toBe("tooManyAttempts");
    } finally {
      await second.destroy();
    }
  });

  it("failed re-authentications end the session and do not lock the account", async () => {
    const user = await createUser(t.db);
    const login = await callerFor(t.db, undefined, { ip: "10.6.0.1" });
    await login.auth.login({ email: user.email, password: TEST_PASSWORD });
    const session = await rowWhere(t.db, "sessions", "user_id", user.id);
    const stolen = await callerFor(t.db, user.id, { ip: "10.6.0.2" });
    const sessionsBefore = await sessionCount(t.db, user.id);
    // Parallel guesses with the stolen session: at most the rule's few are checked, and the
    // session that made them is over.
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        stolen.auth.reauthenticate({ email: user.email, password: "Wrong1234" }),
      ),
    );
    const keys = results.map((r) =>
      r.status === "rejected" ? (r.reason as { key?: string }).key : "ok",
    );
    expect(keys.filter((k) => k === "invalidCredentials").length).toBeLessThan(
      RULES.reauthSession.points,
    );
    expect(keys).toContain("reauthSignedOut");
    expect(await sessionCount(t.db, user.id)).toBe(sessionsBefore - 1);
    expect(
      await t.db.kysely.selectFrom("sessions").select("id").where("id", "=", session.id).execute(),
    ).toHaveLength(1);
    // The owner still signs in from anywhere: re-authentication never counts towards the lock.
    await expect(loginFrom({ ip: "10.6.0.2" }, user.email, TEST_PASSWORD)).resolves.toMatchObject({
      mfaRequired: false,
    });
  });

  it("hands one address only a few passwordless sign-in challenges at a time", async () => {
    const caller = await callerFor(t.db, undefined, { ip: "10.7.9.1" });
    for (let i = 0; i < RULES.passkeyChallenge.points; i++) await caller.mfa.passkeyLoginOptions();
    await expectKey(caller.mfa.passkeyLoginOptions(), "tooManyAttempts");
    await expect(
      (await callerFor(t.db, undefined, { ip: "10.7.9.2" })).mfa.passkeyLoginOptions(),
    ).resolves.toBeTruthy();
  });

  it("fifteen sign-ups at once from one address: only the rule's few are created", async () => {
    const ip = "10.7.0.1";
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, async (_, i) =>
        (await callerFor(t.db, undefined, { ip })).auth.register(
          signUp({
            name: "Bulk Signup",
            nickname: `bulk${i}`,
            email: `bulk${i}@example.test`,
            password: GOOD,
          }),
        ),
      ),
    );
    const created = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "like", "bulk%@example.test")
      .execute();
    expect(created.length).toBeGreaterThan(0);
    expect(created.length).toBeLessThanOrEqual(RULES.signUpAddress.points);
    const refusals = results.map((r) =>
      r.status === "rejected" ? (r.reason as { key?: string }).key : "sent",
    );
    // Beyond the limit, or beyond the hashing slots one address may hold: never created.
    expect(refusals.filter((k) => k === "tooManyAttempts").length).toBeGreaterThanOrEqual(
      15 - RULES.signUpAddress.points,
    );
    expect(
      refusals
        .filter((k) => k !== "sent")
        .every((k) => k === "tooManyAttempts" || k === "signInBusy"),
    ).toBe(true);
  });

  it("logout ends the session and clears the cookie; without a session it still succeeds", async () => {
    const user = await createUser(t.db);
    const caller = await callerFor(t.db, user.id);
    await expect(caller.auth.logout()).resolves.toEqual({ ok: true });
    expect(await sessionCount(t.db, user.id)).toBe(0);
    await expect((await callerFor(t.db)).auth.logout()).resolves.toEqual({ ok: true });
  });
});

describe(`multi-factor on ${testEngine}`, () => {
  it("enrols with reauthentication, then login needs a code; codes and recovery codes work once", async () => {
    const user = await createUser(t.db);
    const caller = await callerFor(t.db, user.id, { ip: "10.9.0.1" });
    await expectKey(caller.auth.mfaStart(), "reauthRequired");
    await expectKey(
      caller.auth.reauthenticate({ email: "someone-else@example.test", password: TEST_PASSWORD }),
      "userMismatch",
    );
    await expectKey(
      caller.auth.reauthenticate({ email: user.email, password: "Wrong1234" }),
      "invalidCredentials",
    );
    await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    const { secret, qrDataUrl } = await caller.auth.mfaStart();
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    await expectKey(
      caller.auth.mfaConfirm({
        code: "000000" === totpAt(secret, timeStep()) ? "111111" : "000000",
      }),
      "invalidCode",
    );
    const { recoveryCodes } = await caller.auth.mfaConfirm({ code: totpAt(secret, timeStep()) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    // Password alone is no longer enough.
    const visitor = await callerFor(t.db, undefined, { ip: "10.9.0.2" });
    const first = await visitor.auth.login({ email: user.email, password: TEST_PASSWORD });
    expect(first).toEqual({ mfaRequired: true });
    const challenges = await tokensOf(t.db, user.id, "mfa_login", { unused: true });
    expect(challenges).not.toHaveLength(0);
  });

  it("second-factor guesses sent at once get at most the rule's few checks", async () => {
    const user = await createUser(t.db);
    const caller = await callerFor(t.db, user.id);
    await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    const { secret } = await caller.auth.mfaStart();
    await caller.auth.mfaConfirm({ code: totpAt(secret, timeStep()) });
    const ctx = await makeContext(t.db, undefined, { ip: "10.8.9.1" });
    await createCaller(ctx).auth.login({ email: user.email, password: TEST_PASSWORD });
    const cookie = ctx.resHeaders.getSetCookie().find((c) => c.startsWith("mfa_challenge="))!;
    const challenge = cookie.slice("mfa_challenge=".length, cookie.indexOf(";"));
    const guesser = await callerFor(t.db, undefined, {
      cookies: { mfa_challenge: challenge },
      ip: "10.8.9.1",
    });
    const right = totpAt(secret, timeStep() + 1);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      i === 19 ? right : String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const keys = (
      await Promise.allSettled(guesses.map((code) => guesser.auth.loginMfa({ code })))
    ).map((r) => (r.status === "rejected" ? (r.reason as { key?: string }).key : "signedIn"));
    expect(keys.filter((k) => k !== "tooManyAttempts").length).toBeLessThanOrEqual(
      RULES.secondFactor.points,
    );
    expect(keys[19]).toBe("tooManyAttempts");
  });

  it("completes login with the second factor from the challenge cookie", async () => {
    const user = await createUser(t.db);
    const caller = await callerFor(t.db, user.id);
    await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    const { secret } = await caller.auth.mfaStart();
    const { recoveryCodes } = await caller.auth.mfaConfirm({ code: totpAt(secret, timeStep()) });

    const loginOnce = async () => {
      // The procedure sets the challenge cookie; read it back as the browser would.
      const ctx = await makeContext(t.db, undefined, { ip: "10.8.0.1" });
      await createCaller(ctx).auth.login({ email: user.email, password: TEST_PASSWORD });
      const cookie = ctx.resHeaders.getSetCookie().find((c) => c.startsWith("mfa_challenge="))!;
      expect(cookie).toContain("HttpOnly");
      return cookie.slice("mfa_challenge=".length, cookie.indexOf(";"));
    };

    // The enrolment code's time step is used up: the same code cannot sign in.
    const challenge1 = await loginOnce();
    const second = await callerFor(t.db, undefined, {
      cookies: { mfa_challenge: challenge1 },
      ip: "10.8.0.2",
    });
    await expectKey(second.auth.loginMfa({ code: totpAt(secret, timeStep()) }), "invalidCode");
    const next = totpAt(secret, timeStep() + 1);
    await expect(second.auth.loginMfa({ code: next })).resolves.toMatchObject({
      permission: "member",
    });
    // The challenge is single-use.
    await expectKey(second.auth.loginMfa({ code: totpAt(secret, timeStep() + 1) }), "mfaExpired");

    // A recovery code works once.
    const challenge2 = await loginOnce();
    const withRecovery = await callerFor(t.db, undefined, {
      cookies: { mfa_challenge: challenge2 },
      ip: "10.8.0.3",
    });
    await expect(
      withRecovery.auth.loginMfa({ code: recoveryCodes[0]!.toUpperCase() }),
    ).resolves.toMatchObject({ permission: "member" });
    const challenge3 = await loginOnce();
    const again = await callerFor(t.db, undefined, {
      cookies: { mfa_challenge: challenge3 },
      ip: "10.8.0.4",
    });
    await expectKey(again.auth.loginMfa({ code: recoveryCodes[0]! }), "invalidCode");

    // Without the challenge there is nothing to complete.
    await expectKey((await callerFor(t.db)).auth.loginMfa({ code: "123456" }), "mfaExpired");

    // Reauthentication now asks for the code too; disabling needs it.
    const signedIn = await callerFor(t.db, user.id, { ip: "10.8.0.5" });
    await expectKey(
      signedIn.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD }),
      "mfaRequired",
    );
    await signedIn.auth.reauthenticate({
      email: user.email,
      password: TEST_PASSWORD,
      code: recoveryCodes[1]!,
    });
    await signedIn.auth.mfaDisable();
    const status = await signedIn.auth.security();
    expect(status).toMatchObject({ mfaEnabled: false, recoveryCodesLeft: 0 });
  });
});
