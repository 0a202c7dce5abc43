import { describe, expect, it } from "vitest";
import {
  consumePasskeyChallenge,
  issuePasskeyChallenge,
  PASSKEY_CHALLENGE_COOKIE,
} from "#server/auth/passkey-challenges";
import { createSession, findSession } from "#server/auth/session";
import { timeStep, totpAt } from "#server/auth/totp";
import type { Context } from "#server/trpc/context";
import { appRouter, createCaller } from "#server/trpc/router";
import { rowsWhere, testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser, makeContext, testConfig, TEST_PASSWORD } from "../helpers/fixtures";
import { SoftAuthenticator } from "../helpers/soft-authenticator";

const t = fileDatabase();

const ORIGIN = testConfig.APP_ORIGIN;

function setCookie(ctx: Context, name: string): string | null {
  const header = ctx.resHeaders.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header ? header.slice(name.length + 1, header.indexOf(";")) : null;
}

/**
 * One browser: a session that lasts across calls (when signed in), and the cookies earlier
 * answers set (the WebAuthn and MFA challenges) sent with the next request.
 */
class Browser {
  cookies: Record<string, string> = {};
  private token: string | null = null;
  constructor(private readonly userId?: string) {}

  async call<T>(run: (caller: ReturnType<typeof createCaller>) => Promise<T>): Promise<T> {
    if (this.userId && !this.token) this.token = (await createSession(t.db, this.userId)).token;
    const ctx = await makeContext(t.db, undefined, { cookies: { ...this.cookies } });
    ctx.session = this.token ? await findSession(t.db, this.token) : null;
    try {
      return await run(createCaller(ctx));
    } finally {
      for (const name of [PASSKEY_CHALLENGE_COOKIE, "mfa_challenge"]) {
        const value = setCookie(ctx, name);
        if (value !== null) this.cookies[name] = value;
      }
    }
  }
}

async function reauthenticated(userId: string, email: string, code?: string) {
  const browser = new Browser(userId);
  await browser.call((c) => c.auth.reauthenticate({ email, password: TEST_PASSWORD, code }));
  return browser;
}

/** Registers a software passkey for the user, through the procedures the security page uses. */
async function enrolPasskey(userId: string, email: string, code?: string) {
  const browser = await reauthenticated(userId, email, code);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = await browser.call((c) => c.mfa.passkeyRegistrationOptions());
  await browser.call((c) =>
    c.mfa.passkeyRegister({ name: "Laptop", response: authenticator.register(options) }),
  );
  return { browser, authenticator };
}

async function passwordless(authenticator: SoftAuthenticator) {
  const visitor = new Browser();
  const options = await visitor.call((c) => c.mfa.passkeyLoginOptions());
  return visitor.call((c) => c.mfa.passkeyLogin({ response: authenticator.assert(options) }));
}

async function passkeyRow(userId: string) {
  const [row] = await rowsWhere(t.db, "passkeys", "user_id", userId);
  if (!row) throw new Error("no passkey stored");
  return row;
}

describe(`passkey challenges on ${testEngine}`, () => {
  it("are single use, bound to their purpose and user, and expire after five minutes", async () => {
    const user = await createUser(t.db);
    const k = t.db.kysely;
    const fresh = await issuePasskeyChallenge(k, "register", user.id);
    expect(await consumePasskeyChallenge(k, fresh, "login", user.id)).toBe(false);
    expect(await consumePasskeyChallenge(k, fresh, "register", null)).toBe(false);
    expect(await consumePasskeyChallenge(k, fresh, "register", user.id)).toBe(true);
    expect(await consumePasskeyChallenge(k, fresh, "register", user.id)).toBe(false);

    const sixMinutesAgo = new Date(Date.now() - 6 * 60 * 1000);
    const stale = await issuePasskeyChallenge(k, "login", null, sixMinutesAgo);
    expect(await consumePasskeyChallenge(k, stale, "login", null)).toBe(false);
    const fourMinutesAgo = new Date(Date.now() - 4 * 60 * 1000);
    const recent = await issuePasskeyChallenge(k, "login", null, fourMinutesAgo);
    expect(await consumePasskeyChallenge(k, recent, "login", null)).toBe(true);
    expect(await consumePasskeyChallenge(k, "not-a-challenge", "login", null)).toBe(false);
    expect(await consumePasskeyChallenge(k, null, "login", null)).toBe(false);
  });
});

describe(`passkey registration and sign-in on ${testEngine}`, () => {
  it("registers after a re-authentication only, and lists the passkey", async () => {
    const user = await createUser(t.db);
    const stale = new Browser(user.id);
    await expect(stale.call((c) => c.mfa.passkeyRegistrationOptions())).rejects.toMatchObject({
      key: "reauthRequired",
    });
    const { browser } = await enrolPasskey(user.id, user.email);
    const list = await browser.call((c) => c.mfa.passkeys());
    expect(list).toEqual([expect.objectContaining({ name: "Laptop", lastUsedAt: null })]);
  });

  it("refuses a registration made for another origin, or with its challenge already used", async () => {
    const user = await createUser(t.db);
    const browser = await reauthenticated(user.id, user.email);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await browser.call((c) => c.mfa.passkeyRegistrationOptions());
    const phished = authenticator.register(options, { origin: "https://evil.example" });
    await expect(
      browser.call((c) => c.mfa.passkeyRegister({ name: "x", response: phished })),
    ).rejects.toMatchObject({ key: "passkeyRejected" });
    // The failed attempt used the challenge up: the genuine answer to it is refused too.
    const genuine = authenticator.register(options);
    browser.cookies[PASSKEY_CHALLENGE_COOKIE] = options.challenge;
    await expect(
      browser.call((c) => c.mfa.passkeyRegister({ name: "x", response: genuine })),
    ).rejects.toMatchObject({ key: "passkeyExpired" });
    expect(await browser.call((c) => c.mfa.passkeys())).toEqual([]);
  });

  it("signs in without a password, once per challenge, and moves the counter forward", async () => {
    const user = await createUser(t.db);
    const { authenticator } = await enrolPasskey(user.id, user.email);
    authenticator.counter = 5;
    const result = await passwordless(authenticator);
    expect(result.permission).toBe("member");
    const row = await passkeyRow(user.id);
    expect(Number(row.counter)).toBe(5);
    expect(row.last_used_at).not.toBeNull();

    // The same signed answer sent again: its challenge is gone.
    const visitor = new Browser();
    const options = await visitor.call((c) => c.mfa.passkeyLoginOptions());
    authenticator.counter = 6;
    const response = authenticator.assert(options);
    await visitor.call((c) => c.mfa.passkeyLogin({ response }));
    visitor.cookies[PASSKEY_CHALLENGE_COOKIE] = options.challenge;
    await expect(visitor.call((c) => c.mfa.passkeyLogin({ response }))).rejects.toMatchObject({
      key: "passkeyExpired",
    });
  });

  it("refuses a counter that goes backwards or stays put (a cloned authenticator)", async () => {
    const user = await createUser(t.db);
    const { authenticator } = await enrolPasskey(user.id, user.email);
    authenticator.counter = 10;
    await passwordless(authenticator);
    authenticator.counter = 9;
    await expect(passwordless(authenticator)).rejects.toMatchObject({ key: "passkeyRejected" });
    authenticator.counter = 10;
    await expect(passwordless(authenticator)).rejects.toMatchObject({ key: "passkeyRejected" });
    expect(Number((await passkeyRow(user.id)).counter)).toBe(10);
    authenticator.counter = 11;
    await expect(passwordless(authenticator)).resolves.toMatchObject({ permission: "member" });
  });

  it("refuses a passwordless sign-in without user verification", async () => {
    const user = await createUser(t.db);
    const { authenticator } = await enrolPasskey(user.id, user.email);
    authenticator.userVerified = false;
    await expect(passwordless(authenticator)).rejects.toMatchObject({ key: "passkeyRejected" });
  });

  it("refuses the passkey of a deleted user, and an unknown one", async () => {
    const user = await createUser(t.db);
    const { authenticator } = await enrolPasskey(user.id, user.email);
    await t.db.kysely.deleteFrom("users").where("id", "=", user.id).execute();
    await expect(passwordless(authenticator)).rejects.toMatchObject({ key: "passkeyUnknown" });
    await expect(passwordless(new SoftAuthenticator(ORIGIN))).rejects.toMatchObject({
      key: "passkeyUnknown",
    });
  });

  it("signs an admin in with a passkey alone: a verified passkey is both factors", async () => {
    const admin = await createUser(t.db, { permission: "admin", secondFactor: false });
    const { authenticator } = await enrolPasskey(admin.id, admin.email);
    const signedIn = await passwordless(authenticator);
    expect(signedIn.permission).toBe("admin");
  });
});

describe(`a passkey as the second factor on ${testEngine}`, () => {
  it("is asked for after the password, and only this person's passkey is accepted", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const { authenticator } = await enrolPasskey(user.id, user.email);
    const { authenticator: othersKey } = await enrolPasskey(other.id, other.email);

    const browser = new Browser();
    const login = await browser.call((c) =>
      c.auth.login({ email: user.email, password: TEST_PASSWORD }),
    );
    expect(login).toEqual({ mfaRequired: true });
    expect(await browser.call((c) => c.mfa.pendingFactors())).toEqual({
      totp: false,
      passkey: true,
    });
    // A code cannot stand in: this person has no TOTP.
    await expect(browser.call((c) => c.auth.loginMfa({ code: "123456" }))).rejects.toMatchObject({
      key: "invalidCode",
    });

    const options = await browser.call((c) => c.mfa.passkeySecondFactorOptions());
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    await expect(
      browser.call((c) => c.mfa.passkeySecondFactor({ response: othersKey.assert(options) })),
    ).rejects.toMatchObject({ key: "passkeyUnknown" });

    const again = await browser.call((c) => c.mfa.passkeySecondFactorOptions());
    authenticator.counter = 1;
    const done = await browser.call((c) =>
      c.mfa.passkeySecondFactor({ response: authenticator.assert(again) }),
    );
    expect(done.permission).toBe("member");
    // The password step is used up.
    expect(await browser.call((c) => c.mfa.pendingFactors())).toBeNull();
  });

  it("needs the password step first", async () => {
    const browser = new Browser();
    await expect(browser.call((c) => c.mfa.passkeySecondFactorOptions())).rejects.toMatchObject({
      key: "mfaExpired",
    });
    expect(await browser.call((c) => c.mfa.pendingFactors())).toBeNull();
  });
});

describe(`admins need a second factor on ${testEngine}`, () => {
  it("an admin without one can only enrol; after enrolling, everything opens", async () => {
    const admin = await createUser(t.db, { permission: "admin", secondFactor: false });
    const browser = new Browser(admin.id);
    expect(await browser.call((c) => c.mfa.enrolmentRequired())).toBe(true);
    await expect(browser.call((c) => c.admin.customers.list({}))).rejects.toMatchObject({
      code: "FORBIDDEN",
      key: "mfaEnrolmentRequired",
    });
    await expect(
      browser.call((c) =>
        c.auth.changePassword({ password: "Newpass123", passwordConfirm: "Newpass123" }),
      ),
    ).rejects.toMatchObject({ key: "mfaEnrolmentRequired" });

    // The enrolment steps are open: the page, re-authentication, TOTP set-up.
    await browser.call((c) => c.auth.security());
    await browser.call((c) =>
      c.auth.reauthenticate({ email: admin.email, password: TEST_PASSWORD }),
    );
    const { secret } = await browser.call((c) => c.auth.mfaStart());
    await browser.call((c) => c.auth.mfaConfirm({ code: totpAt(secret, timeStep()) }));

    expect(await browser.call((c) => c.mfa.enrolmentRequired())).toBe(false);
    await expect(browser.call((c) => c.admin.customers.list({}))).resolves.toBeDefined();
  });

  it("a member is never asked to enrol", async () => {
    const member = await createUser(t.db);
    expect(await new Browser(member.id).call((c) => c.mfa.enrolmentRequired())).toBe(false);
  });

  it("every admin procedure, and every account procedure but enrolment, refuses the unenrolled admin", async () => {
    const admin = await createUser(t.db, { permission: "admin", secondFactor: false });
    type Proc = { _def: { type: string; meta?: { role?: string; enrolment?: boolean } } };
    const procedures = Object.entries(
      (appRouter as unknown as { _def: { procedures: Record<string, Proc> } })._def.procedures,
    );
    const problems: string[] = [];
    for (const [path, procedure] of procedures) {
      const { role, enrolment } = procedure._def.meta ?? {};
      if (role !== "admin" && role !== "user") continue;
      const caller = createCaller(await makeContext(t.db, admin.id)) as unknown;
      let target = caller as Record<string, unknown>;
      for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
      let key: unknown = null;
      try {
        await (target as unknown as (input: unknown) => Promise<unknown>)(undefined);
      } catch (error) {
        key = (error as { key?: unknown }).key ?? null;
      }
      const refused = key === "mfaEnrolmentRequired";
      if (refused === Boolean(enrolment)) {
        problems.push(`${path} (${role}${enrolment ? ", enrolment" : ""}): key ${String(key)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(procedures.filter(([, p]) => p._def.meta?.enrolment).map(([path]) => path)).toEqual(
      expect.arrayContaining(["auth.security", "auth.mfaStart", "mfa.passkeyRegister"]),
    );
  });
});

/** An admin whose only second factor is one passkey: the admin, its browser and that passkey. */
async function adminWithOnlyPasskey() {
  const admin = await createUser(t.db, { permission: "admin", secondFactor: false });
  const { browser } = await enrolPasskey(admin.id, admin.email);
  const [only] = await browser.call((c) => c.mfa.passkeys());
  return { admin, browser, only: only! };
}

describe(`an admin keeps a second factor on ${testEngine}`, () => {
  it("cannot turn off TOTP when it is the only one", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const code = totpAt(
      (
        await t.db.kysely
          .selectFrom("users")
          .select("totp_secret")
          .where("id", "=", admin.id)
          .executeTakeFirstOrThrow()
      ).totp_secret!,
      timeStep(),
    );
    const browser = await reauthenticated(admin.id, admin.email, code);
    await expect(browser.call((c) => c.auth.mfaDisable())).rejects.toMatchObject({
      key: "lastSecondFactor",
    });
  });

  it("cannot remove the last passkey, but can remove one of two factors", async () => {
    const { browser, only } = await adminWithOnlyPasskey();
    await expect(browser.call((c) => c.mfa.passkeyRemove({ id: only.id }))).rejects.toMatchObject({
      key: "lastSecondFactor",
    });
    // With TOTP as well, the passkey may go; then TOTP is the last and stays.
    const { secret } = await browser.call((c) => c.auth.mfaStart());
    await browser.call((c) => c.auth.mfaConfirm({ code: totpAt(secret, timeStep()) }));
    await browser.call((c) => c.mfa.passkeyRemove({ id: only.id }));
    expect(await browser.call((c) => c.mfa.passkeys())).toEqual([]);
    await expect(browser.call((c) => c.auth.mfaDisable())).rejects.toMatchObject({
      key: "lastSecondFactor",
    });
  });

  it("a member may remove their only passkey; nobody removes another person's", async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const { browser } = await enrolPasskey(member.id, member.email);
    const [key] = await browser.call((c) => c.mfa.passkeys());
    const stranger = await reauthenticated(other.id, other.email);
    await expect(stranger.call((c) => c.mfa.passkeyRemove({ id: key!.id }))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await browser.call((c) => c.mfa.passkeyRemove({ id: key!.id }));
    expect(await browser.call((c) => c.mfa.passkeys())).toEqual([]);
  });
});

describe(`second factors in the audit log on ${testEngine}`, () => {
  /** The member's factor events, oldest first, as (action, factor). */
  async function factorEvents(userId: string) {
    const rows = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "actor_id", "data"])
      .where("member_id", "=", userId)
      .where("action", "in", ["auth.factor.add", "auth.factor.remove"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map((r) => ({ ...r, data: JSON.parse(r.data ?? "null") as unknown }));
  }

  it("records each factor added and removed, by its owner, and a refused removal not at all", async () => {
    const { admin, browser, only } = await adminWithOnlyPasskey();
    // The last factor of an admin cannot go: refused, and nothing recorded as removed.
    await expect(browser.call((c) => c.mfa.passkeyRemove({ id: only.id }))).rejects.toMatchObject({
      key: "lastSecondFactor",
    });
    const { secret } = await browser.call((c) => c.auth.mfaStart());
    // A wrong code enrols nothing and records nothing.
    await expect(browser.call((c) => c.auth.mfaConfirm({ code: "000000" }))).rejects.toMatchObject({
      key: "invalidCode",
    });
    await browser.call((c) => c.auth.mfaConfirm({ code: totpAt(secret, timeStep()) }));
    await browser.call((c) => c.mfa.passkeyRemove({ id: only.id }));
    expect(await factorEvents(admin.id)).toEqual([
      {
        action: "auth.factor.add",
        actor_id: admin.id,
        data: { factor: "passkey", name: "Laptop" },
      },
      { action: "auth.factor.add", actor_id: admin.id, data: { factor: "totp" } },
      {
        action: "auth.factor.remove",
        actor_id: admin.id,
        data: { factor: "passkey", name: "Laptop" },
      },
    ]);
  });

  it("records TOTP turned off by a member, and a sign-in with a passkey by its method", async () => {
    const member = await createUser(t.db);
    const { browser, authenticator } = await enrolPasskey(member.id, member.email);
    const { secret } = await browser.call((c) => c.auth.mfaStart());
    await browser.call((c) => c.auth.mfaConfirm({ code: totpAt(secret, timeStep()) }));
    await browser.call((c) => c.auth.mfaDisable());
    expect((await factorEvents(member.id)).map((e) => [e.action, e.data])).toEqual([
      ["auth.factor.add", { factor: "passkey", name: "Laptop" }],
      ["auth.factor.add", { factor: "totp" }],
      ["auth.factor.remove", { factor: "totp" }],
    ]);
    await passwordless(authenticator);
    const signIn = await t.db.kysely
      .selectFrom("audit_log")
      .select(["actor_id", "data"])
      .where("member_id", "=", member.id)
      .where("action", "=", "auth.signIn")
      .where("data", "is not", null)
      .executeTakeFirstOrThrow();
    expect(signIn).toEqual({ actor_id: member.id, data: JSON.stringify({ method: "passkey" }) });
  });
});

describe(`step-up with the strongest factor on ${testEngine}`, () => {
  it("a passkey holder re-authenticates with the passkey: a stolen session and the password add no key", async () => {
    const member = await createUser(t.db);
    const { authenticator } = await enrolPasskey(member.id, member.email);
    // Another session of the account (stolen), whose holder knows the password.
    const stolen = new Browser(member.id);
    await expect(
      stolen.call((c) => c.auth.reauthenticate({ email: member.email, password: TEST_PASSWORD })),
    ).rejects.toMatchObject({ key: "passkeyRequired" });
    await expect(stolen.call((c) => c.mfa.passkeyRegistrationOptions())).rejects.toMatchObject({
      key: "reauthRequired",
    });
    await expect(stolen.call((c) => c.auth.security())).resolves.toMatchObject({
      reauthValid: false,
      reauthFactor: "passkey",
    });

    // The owner's browser steps up with the passkey (user verification included)…
    const owner = new Browser(member.id);
    const options = await owner.call((c) => c.mfa.passkeyReauthOptions());
    expect(options.userVerification).toBe("required");
    await expect(
      owner.call((c) => c.mfa.passkeyReauth({ response: authenticator.assert(options) })),
    ).resolves.toMatchObject({ validUntil: expect.any(String) });
    // …and may then add a second key.
    await expect(owner.call((c) => c.mfa.passkeyRegistrationOptions())).resolves.toBeTruthy();
    // The challenge is this browser's and used once.
    await expect(
      owner.call((c) => c.mfa.passkeyReauth({ response: authenticator.assert(options) })),
    ).rejects.toMatchObject({ key: "passkeyExpired" });
  });

  it("another person's passkey does not step up this session", async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    await enrolPasskey(member.id, member.email);
    const { authenticator: othersKey } = await enrolPasskey(other.id, other.email);
    const browser = new Browser(member.id);
    const options = await browser.call((c) => c.mfa.passkeyReauthOptions());
    await expect(
      browser.call((c) => c.mfa.passkeyReauth({ response: othersKey.assert(options) })),
    ).rejects.toMatchObject({ key: "passkeyUnknown" });
    await expect(browser.call((c) => c.auth.security())).resolves.toMatchObject({
      reauthValid: false,
    });
  });

  it("payout details, email and password changes all wait for the step-up", async () => {
    const member = await createUser(t.db);
    await enrolPasskey(member.id, member.email);
    const stolen = new Browser(member.id);
    await stolen
      .call((c) => c.auth.reauthenticate({ email: member.email, password: TEST_PASSWORD }))
      .catch(() => undefined);
    await expect(
      stolen.call((c) => c.auth.requestEmailChange({ newEmail: "thief@example.test" })),
    ).rejects.toMatchObject({ key: "reauthRequired" });
    await expect(
      stolen.call((c) =>
        c.auth.changePassword({ password: "Nw-Lq8v-Rt3z", passwordConfirm: "Nw-Lq8v-Rt3z" }),
      ),
    ).rejects.toMatchObject({ key: "reauthRequired" });
    await expect(stolen.call((c) => c.profile.paymentDetails())).resolves.toMatchObject({
      reauthValid: false,
    });
  });
});
