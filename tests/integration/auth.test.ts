import { describe, expect, it } from "vitest";
import { timeStep, totpAt } from "../../server/auth/totp";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createDb } from "../../db";
import { RULES } from "../../server/auth/rate-limit";
import { createCaller } from "../../server/trpc/router";
import { callerFor, createUser, MailBox, makeContext, TEST_PASSWORD } from "../helpers/fixtures";

const t = fileDatabase();

const GOOD = "Kx7-mUq2-wpLr";

async function expectKey(promise: Promise<unknown>, key: string) {
  await expect(promise).rejects.toMatchObject({ key });
}

/** Field → message keys of a rejected input. */
async function fieldErrors(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    const issues =
      (error as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } }).cause
        ?.issues ?? [];
    return Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));
  }
  throw new Error("expected the input to be rejected");
}

async function sessionCount(userId: string) {
  const row = await t.db.kysely
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`registration on ${testEngine}`, () => {
  it("creates a member and mails a verification link that signs them in once", async () => {
    const mail = new MailBox();
    const caller = await callerFor(t.db, undefined, { mailer: mail, ip: "10.40.0.1" });
    const result = await caller.auth.register({
      name: "Hanako Sato",
      nickname: "hanako",
      email: " Hanako@Example.test ",
      password: GOOD,
      passwordConfirm: GOOD,
    });
    // Nobody is signed in by registering: a taken address must get the same answer.
    expect(result).toEqual({ sent: true });
    const user = await t.db.kysely
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "hanako@example.test")
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    expect(user.password_hash).not.toContain(GOOD);
    expect(mail.last("verifyEmail")?.to).toBe("hanako@example.test");
    // The verification link works once.
    expect(await sessionCount(user.id)).toBe(0);
    const token = mail.token("verifyEmail");
    await expect((await callerFor(t.db)).auth.verifyEmail({ token })).resolves.toMatchObject({
      signedIn: true,
      permission: "member",
    });
    expect(await sessionCount(user.id)).toBe(1);
    await expectKey((await callerFor(t.db)).auth.verifyEmail({ token }), "verifyFailed");
    const verified = await t.db.kysely
      .selectFrom("users")
      .select("email_verified_at")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(verified.email_verified_at).not.toBeNull();
  });

  it("answers a taken address exactly like a new one, and tells the owner by mail", async () => {
    const existing = await createUser(t.db);
    const mail = new MailBox();
    const caller = await callerFor(t.db, undefined, { mailer: mail, ip: "10.40.0.2" });
    const before = await t.db.kysely
      .selectFrom("users")
      .select(["password_hash", "name"])
      .where("id", "=", existing.id)
      .executeTakeFirstOrThrow();
    await expect(
      caller.auth.register({
        name: "A B",
        nickname: "x",
        email: existing.email.toUpperCase(),
        password: GOOD,
        passwordConfirm: GOOD,
      }),
    ).resolves.toEqual({ sent: true });
    // "Already registered" goes to the owner's inbox, not to whoever asked.
    expect(mail.sent.map((m) => [m.template, m.to])).toEqual([
      ["alreadyRegistered", existing.email],
    ]);
    const after = await t.db.kysely
      .selectFrom("users")
      .select(["password_hash", "name"])
      .where("id", "=", existing.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await sessionCount(existing.id)).toBe(0);
  });

  it("gives each rule its own message and saves nothing", async () => {
    const caller = await callerFor(t.db);
    const before = await t.db.kysely
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(
      await fieldErrors(
        caller.auth.register({
          name: "",
          nickname: "",
          email: "",
          password: "",
          passwordConfirm: "",
        }),
      ),
    ).toEqual({
      name: "required",
      nickname: "required",
      email: "required",
      password: "required",
      passwordConfirm: "required",
    });
    expect(
      await fieldErrors(
        caller.auth.register({
          name: "山田 太郎",
          nickname: "n",
          email: "not-an-email",
          password: "short",
          passwordConfirm: "short",
        }),
      ),
    ).toMatchObject({ name: "nameLetters", email: "emailInvalid", password: "passwordWeak" });
    for (const weak of ["alllowercase1", "ALLUPPERCASE1", "NoDigitsHere"]) {
      expect(
        await fieldErrors(
          caller.auth.register({
            name: "A",
            nickname: "n",
            email: "a@b.test",
            password: weak,
            passwordConfirm: weak,
          }),
        ),
      ).toEqual({
        password: "passwordWeak",
      });
    }
    expect(
      await fieldErrors(
        caller.auth.register({
          name: "A",
          nickname: "n",
          email: "a@b.test",
          password: GOOD,
          passwordConfirm: GOOD + "x",
        }),
      ),
    ).toEqual({ passwordConfirm: "passwordMismatch" });
    const after = await t.db.kysely
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses control and bidirectional-override characters in the name fields", async () => {
    const caller = await callerFor(t.db, undefined, { ip: "10.40.0.9" });
    expect(
      await fieldErrors(
        caller.auth.register({
          name: "Hanako\u0000Sato",
          nickname: "hana",
          email: "nul@example.test",
          password: GOOD,
          passwordConfirm: GOOD,
        }),
      ),
    ).toEqual({ name: "controlChars" });
    expect(
      await fieldErrors(
        caller.auth.register({
          name: "Hanako Sato",
          nickname: "admin\u202Enimda",
          email: "rlo@example.test",
          password: GOOD,
          passwordConfirm: GOOD,
        }),
      ),
    ).toEqual({ nickname: "controlChars" });
    const saved = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "in", ["nul@example.test", "rlo@example.test"])
      .execute();
    expect(saved).toHaveLength(0);
  });

  it("refuses a common password that meets the character rules, on register, reset and change", async () => {
    const caller = await callerFor(t.db, undefined, { ip: "10.40.0.10" });
    expect(
      await fieldErrors(
        caller.auth.register({
          name: "Hanako Sato",
          nickname: "hana",
          email: "common@example.test",
          password: "Password1",
          passwordConfirm: "Password1",
        }),
      ),
    ).toEqual({ password: "passwordCommon" });
    const user = await createUser(t.db);
    const signedIn = await callerFor(t.db, user.id);
    await signedIn.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    expect(
      await fieldErrors(
        signedIn.auth.changePassword({ password: "Qwerty123", passwordConfirm: "Qwerty123" }),
      ),
    ).toEqual({ password: "passwordCommon" });
    const mail = new MailBox();
    await (
      await callerFor(t.db, undefined, { mailer: mail, ip: "10.40.0.11" })
    ).auth.requestPasswordReset({
      email: user.email,
    });
    const token = mail.token("resetPassword");
    expect(
      await fieldErrors(
        (await callerFor(t.db)).auth.resetPassword({
          token,
          password: "Passw0rd!",
          passwordConfirm: "Passw0rd!",
        }),
      ),
    ).toEqual({ password: "passwordCommon" });
    // The refused attempt left the link usable.
    expect(
      await (await callerFor(t.db)).auth.checkLink({ token, purpose: "reset_password" }),
    ).toMatchObject({
      valid: true,
    });
  });

  it("records the referrer from the link's code or its cookie, never an unknown one", async () => {
    const referrer = await createUser(t.db);
    await t.db.kysely
      .updateTable("users")
      .set({ referral_code: "ref12345" })
      .where("id", "=", referrer.id)
      .execute();
    const viaInput = await callerFor(t.db);
    await viaInput.auth.register({
      name: "A",
      nickname: "a",
      email: "ref-a@example.test",
      password: GOOD,
      passwordConfirm: GOOD,
      ref: "ref12345",
    });
    const viaCookie = await callerFor(t.db, undefined, { cookies: { ref: "ref12345" } });
    await viaCookie.auth.register({
      name: "B",
      nickname: "b",
      email: "ref-b@example.test",
      password: GOOD,
      passwordConfirm: GOOD,
    });
    const unknown = await callerFor(t.db);
    await unknown.auth.register({
      name: "C",
      nickname: "c",
      email: "ref-c@example.test",
      password: GOOD,
      passwordConfirm: GOOD,
      ref: "nobody99",
    });
    const rows = await t.db.kysely
      .selectFrom("users")
      .select(["email", "referrer_id", "referral_code"])
      .where("email", "in", ["ref-a@example.test", "ref-b@example.test", "ref-c@example.test"])
      .orderBy("email")
      .execute();
    expect(rows.map((r) => r.referrer_id)).toEqual([referrer.id, referrer.id, null]);
    expect(new Set(rows.map((r) => r.referral_code)).size).toBe(3);
  });
});

describe(`login on ${testEngine}`, () => {
  it("answers the same for an unknown email and a wrong password", async () => {
    const user = await createUser(t.db);
    await expectKey(
      (await callerFor(t.db, undefined, { ip: "10.0.0.1" })).auth.login({
        email: user.email,
        password: "Wrong1234",
      }),
      "invalidCredentials",
    );
    await expectKey(
      (await callerFor(t.db, undefined, { ip: "10.0.0.1" })).auth.login({
        email: "nobody@example.test",
        password: "Wrong1234",
      }),
      "invalidCredentials",
    );
  });

  it("sets an httpOnly session cookie and rotates the old session", async () => {
    const user = await createUser(t.db);
    const ctx = await makeContext(t.db, user.id);
    expect(await sessionCount(user.id)).toBe(1);
    const result = await createCaller(ctx).auth.login({
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(result).toMatchObject({ mfaRequired: false, permission: "member" });
    const cookie = ctx.resHeaders.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The session the caller had is gone; the new one is the only one.
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("a wrong password from one address does not lock the owner out at theirs", async () => {
    const user = await createUser(t.db);
    const attacker = { ip: "10.1.0.1" };
    for (let i = 0; i < 5; i++) {
      await expectKey(
        (await callerFor(t.db, undefined, attacker)).auth.login({
          email: user.email,
          password: "Wrong1234",
        }),
        "invalidCredentials",
      );
    }
    // From the attacker's address even the right password is no longer checked…
    await expectKey(
      (await callerFor(t.db, undefined, attacker)).auth.login({
        email: user.email,
        password: TEST_PASSWORD,
      }),
      "tooManyAttempts",
    );
    // …while the owner, at their own address, signs in as usual.
    await expect(
      (await callerFor(t.db, undefined, { ip: "10.1.9.9" })).auth.login({
        email: user.email,
        password: TEST_PASSWORD,
      }),
    ).resolves.toMatchObject({ mfaRequired: false });
  });

  it("one address may try many accounts only up to its own limit", async () => {
    const ip = "10.2.0.1";
    for (let i = 0; i < RULES.signInAddress.points; i++) {
      await expectKey(
        (await callerFor(t.db, undefined, { ip })).auth.login({
          email: `probe${i}@example.test`,
          password: "Wrong1234",
        }),
        "invalidCredentials",
      );
    }
    const other = await createUser(t.db);
    await expectKey(
      (await callerFor(t.db, undefined, { ip })).auth.login({
        email: other.email,
        password: TEST_PASSWORD,
      }),
      "tooManyAttempts",
    );
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
    const session = await t.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    const stolen = await callerFor(t.db, user.id, { ip: "10.6.0.2" });
    const sessionsBefore = await sessionCount(user.id);
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
    expect(await sessionCount(user.id)).toBe(sessionsBefore - 1);
    expect(
      await t.db.kysely.selectFrom("sessions").select("id").where("id", "=", session.id).execute(),
    ).toHaveLength(1);
    // The owner still signs in from anywhere: re-authentication never counts towards the lock.
    await expect(
      (await callerFor(t.db, undefined, { ip: "10.6.0.2" })).auth.login({
        email: user.email,
        password: TEST_PASSWORD,
      }),
    ).resolves.toMatchObject({ mfaRequired: false });
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
        (await callerFor(t.db, undefined, { ip })).auth.register({
          name: "Bulk Signup",
          nickname: `bulk${i}`,
          email: `bulk${i}@example.test`,
          password: GOOD,
          passwordConfirm: GOOD,
        }),
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
    expect(await sessionCount(user.id)).toBe(0);
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
    const challenge = await t.db.kysely
      .selectFrom("auth_tokens")
      .select("id")
      .where("user_id", "=", user.id)
      .where("purpose", "=", "mfa_login")
      .where("used_at", "is", null)
      .executeTakeFirst();
    expect(challenge).toBeDefined();
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

describe(`password reset on ${testEngine}`, () => {
  it("mails a single-use link, ends every session, and refuses bad or used links", async () => {
    const user = await createUser(t.db);
    await callerFor(t.db, user.id);
    await callerFor(t.db, user.id);
    const mail = new MailBox();
    const visitor = await callerFor(t.db, undefined, { mailer: mail });
    await visitor.auth.requestPasswordReset({ email: "nobody@example.test" });
    expect(mail.sent).toHaveLength(0);
    await visitor.auth.requestPasswordReset({ email: user.email });
    const token = mail.token("resetPassword");
    expect(await visitor.auth.checkLink({ token, purpose: "reset_password" })).toEqual({
      valid: true,
      email: null,
    });
    await visitor.auth.resetPassword({
      token,
      password: "Nw-Lq8v-Rt3z",
      passwordConfirm: "Nw-Lq8v-Rt3z",
    });
    expect(await sessionCount(user.id)).toBe(0);
    await expectKey(
      visitor.auth.resetPassword({
        token,
        password: "Nw-Lq8v-Rt3z",
        passwordConfirm: "Nw-Lq8v-Rt3z",
      }),
      "resetLinkInvalid",
    );
    await expectKey(
      visitor.auth.resetPassword({
        token: "x".repeat(43),
        password: "Nw-Lq8v-Rt3z",
        passwordConfirm: "Nw-Lq8v-Rt3z",
      }),
      "resetLinkInvalid",
    );
    await expect(
      visitor.auth.login({ email: user.email, password: "Nw-Lq8v-Rt3z" }),
    ).resolves.toMatchObject({ mfaRequired: false });
  });

  it("forty reset requests for one address send a few mails, and answer the same", async () => {
    const user = await createUser(t.db);
    const mail = new MailBox();
    for (let i = 0; i < 40; i++) {
      // Each from its own address, as a botnet would: the inbox is protected all the same.
      const visitor = await callerFor(t.db, undefined, { mailer: mail, ip: `10.9.0.${i}` });
      await expect(visitor.auth.requestPasswordReset({ email: user.email })).resolves.toEqual({
        ok: true,
      });
    }
    expect(mail.sent.length).toBe(RULES.mailRecipient.points);
    // One address asking for many inboxes is slowed down by its own rule.
    const spammer = await callerFor(t.db, undefined, { mailer: mail, ip: "10.9.1.1" });
    for (let i = 0; i < RULES.mailAddress.points; i++) {
      await spammer.auth.requestPasswordReset({ email: `someone${i}@example.test` });
    }
    await expectKey(spammer.auth.requestPasswordReset({ email: user.email }), "tooManyAttempts");
  });

  it("refuses an expired link", async () => {
    const user = await createUser(t.db);
    const mail = new MailBox();
    const visitor = await callerFor(t.db, undefined, { mailer: mail });
    await visitor.auth.requestPasswordReset({ email: user.email });
    await t.db.kysely
      .updateTable("auth_tokens")
      .set({ expires_at: "2000-01-01 00:00:00.000" })
      .where("user_id", "=", user.id)
      .execute();
    await expectKey(
      visitor.auth.resetPassword({
        token: mail.token("resetPassword"),
        password: "Nw-Lq8v-Rt3z",
        passwordConfirm: "Nw-Lq8v-Rt3z",
      }),
      "resetLinkInvalid",
    );
  });
});

describe(`email change on ${testEngine}`, () => {
  it("needs reauthentication, confirms at the new address, and can be undone from the old one", async () => {
    const user = await createUser(t.db);
    const mail = new MailBox();
    const caller = await callerFor(t.db, user.id, { mailer: mail });
    await expectKey(
      caller.auth.requestEmailChange({ newEmail: "new@example.test" }),
      "reauthRequired",
    );
    await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    await expectKey(caller.auth.requestEmailChange({ newEmail: user.email }), "emailSame");
    await caller.auth.requestEmailChange({ newEmail: "new@example.test" });
    expect(mail.last("changeEmail")?.to).toBe("new@example.test");
    expect(mail.last("emailChangeNotice")?.to).toBe(user.email);

    const visitor = await callerFor(t.db);
    const confirm = mail.token("changeEmail");
    expect(await visitor.auth.checkLink({ token: confirm, purpose: "change_email" })).toEqual({
      valid: true,
      email: "new@example.test",
    });
    await expect(visitor.auth.confirmEmailChange({ token: confirm })).resolves.toEqual({
      email: "new@example.test",
    });
    await expectKey(visitor.auth.confirmEmailChange({ token: confirm }), "linkInvalid");

    await expect(
      visitor.auth.recoverEmail({ token: mail.token("emailChangeNotice") }),
    ).resolves.toEqual({ email: user.email });
    const row = await t.db.kysely
      .selectFrom("users")
      .select("email")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("an attacker who took over the address cannot block the owner's recovery", async () => {
    const victim = await createUser(t.db);
    const mail = new MailBox();
    const stolen = await callerFor(t.db, victim.id, { mailer: mail });
    await stolen.auth.reauthenticate({ email: victim.email, password: TEST_PASSWORD });
    await stolen.auth.requestEmailChange({ newEmail: "thief@example.test" });
    const visitor = await callerFor(t.db, undefined, { ip: "10.8.0.1" });
    await visitor.auth.confirmEmailChange({ token: mail.token("changeEmail") });

    // The old address is free on paper, but inside the recovery window nobody may take it:
    // registering answers as for any taken address and creates nothing…
    await expect(
      visitor.auth.register({
        name: "Thief Two",
        nickname: "thief2",
        email: victim.email,
        password: GOOD,
        passwordConfirm: GOOD,
      }),
    ).resolves.toEqual({ sent: true });
    const holders = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", victim.email)
      .execute();
    expect(holders).toHaveLength(0);
    // …and no other account may move onto it.
    const accomplice = await createUser(t.db);
    const other = await callerFor(t.db, accomplice.id, { mailer: new MailBox() });
    await other.auth.reauthenticate({ email: accomplice.email, password: TEST_PASSWORD });
    await expectKey(other.auth.requestEmailChange({ newEmail: victim.email }), "emailTaken");

    // The owner's link works.
    await expect(
      visitor.auth.recoverEmail({ token: mail.token("emailChangeNotice") }),
    ).resolves.toEqual({ email: victim.email });
  });

  it("a recovery that fails leaves its link unused", async () => {
    const victim = await createUser(t.db);
    const mail = new MailBox();
    const caller = await callerFor(t.db, victim.id, { mailer: mail });
    await caller.auth.reauthenticate({ email: victim.email, password: TEST_PASSWORD });
    await caller.auth.requestEmailChange({ newEmail: "moved@example.test" });
    const visitor = await callerFor(t.db);
    await visitor.auth.confirmEmailChange({ token: mail.token("changeEmail") });
    // An account holding the old address (from before this release, or written by hand).
    const squatter = await createUser(t.db, { email: victim.email });
    const recover = mail.token("emailChangeNotice");
    await expectKey(visitor.auth.recoverEmail({ token: recover }), "emailTaken");
    await t.db.kysely.deleteFrom("users").where("id", "=", squatter.id).execute();
    await expect(visitor.auth.recoverEmail({ token: recover })).resolves.toEqual({
      email: victim.email,
    });
  });

  it("recovering before confirmation cancels the pending change", async () => {
    const user = await createUser(t.db);
    const mail = new MailBox();
    const caller = await callerFor(t.db, user.id, { mailer: mail });
    await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    await caller.auth.requestEmailChange({ newEmail: "pending@example.test" });
    const visitor = await callerFor(t.db);
    await visitor.auth.recoverEmail({ token: mail.token("emailChangeNotice") });
    await expectKey(
      visitor.auth.confirmEmailChange({ token: mail.token("changeEmail") }),
      "linkInvalid",
    );
  });

  it("a verification link sent to an old address no longer verifies the new one", async () => {
    const user = await createUser(t.db, { verified: false });
    const mail = new MailBox();
    const caller = await callerFor(t.db, user.id, { mailer: mail });
    await caller.auth.resendVerification();
    const oldLink = mail.token("verifyEmail");
    await t.db.kysely
      .updateTable("users")
      .set({ email: "moved@example.test" })
      .where("id", "=", user.id)
      .execute();
    await expectKey((await callerFor(t.db)).auth.verifyEmail({ token: oldLink }), "verifyFailed");
  });
});
