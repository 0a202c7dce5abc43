import { describe, expect, it } from "vitest";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey, fieldErrors, sessionCount } from "../helpers/rejections";
import {
  callerFor,
  type Caller,
  createUser,
  MailBox,
  TEST_PASSWORD,
  signUp,
} from "../helpers/fixtures";

const t = fileDatabase();

const GOOD = "Kx7-mUq2-wpLr";

/** A sign-up form that passes every rule; a case changes only the fields it is about. */
function registration(
  email: string,
  change: Partial<{
    name: string;
    nickname: string;
    password: string;
    passwordConfirm: string;
  }> = {},
) {
  const password = change.password ?? GOOD;
  return {
    name: "Hanako Sato",
    nickname: "hana",
    email,
    password,
    passwordConfirm: password,
    agree: true as const,
    ...change,
  };
}

/** The field errors of a sign-up that changes `change` from a good one (none: it went through). */
function registrationErrors(
  caller: Caller,
  email: string,
  change: Parameters<typeof registration>[1],
) {
  return fieldErrors(caller.auth.register(registration(email, change)));
}

describe(`registration on ${testEngine}`, () => {
  it("creates a member and mails a verification link that signs them in once", async () => {
    const mail = new MailBox();
    const caller = await callerFor(t.db, undefined, { mailer: mail, ip: "10.40.0.1" });
    const result = await caller.auth.register(
      registration(" Hanako@Example.test ", { nickname: "hanako" }),
    );
    // Nobody is signed in by registering: a taken address must get the same answer.
    expect(result).toEqual({ sent: true });
    const user = await rowWhere(t.db, "users", "email", "hanako@example.test");
    expect(user.email_verified_at).toBeNull();
    expect(user.password_hash).not.toContain(GOOD);
    expect(mail.last("verifyEmail")?.to).toBe("hanako@example.test");
    // The verification link works once.
    expect(await sessionCount(t.db, user.id)).toBe(0);
    const token = mail.token("verifyEmail");
    await expect((await callerFor(t.db)).auth.verifyEmail({ token })).resolves.toMatchObject({
      signedIn: true,
      permission: "member",
    });
    expect(await sessionCount(t.db, user.id)).toBe(1);
    await expectKey((await callerFor(t.db)).auth.verifyEmail({ token }), "verifyFailed");
    const verified = await rowWhere(t.db, "users", "id", user.id);
    expect(verified.email_verified_at).not.toBeNull();
  });

  it("answers a taken address exactly like a new one, and tells the owner by mail", async () => {
    const existing = await createUser(t.db);
    const mail = new MailBox();
    const caller = await callerFor(t.db, undefined, { mailer: mail, ip: "10.40.0.2" });
    const before = await rowWhere(t.db, "users", "id", existing.id);
    await expect(
      caller.auth.register(
        signUp({
          name: "A B",
          nickname: "x",
          email: existing.email.toUpperCase(),
          password: GOOD,
        }),
      ),
    ).resolves.toEqual({ sent: true });
    // "Already registered" goes to the owner's inbox, not to whoever asked.
    expect(mail.sent.map((m) => [m.template, m.to])).toEqual([
      ["alreadyRegistered", existing.email],
    ]);
    // The owner's row is untouched: password, name and every other column.
    expect(await rowWhere(t.db, "users", "id", existing.id)).toEqual(before);
    expect(await sessionCount(t.db, existing.id)).toBe(0);
  });

  it("gives each rule its own message and saves nothing", async () => {
    const caller = await callerFor(t.db);
    const before = await t.db.kysely
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await registrationErrors(caller, "", { name: "", nickname: "", password: "" })).toEqual({
      name: "required",
      nickname: "required",
      email: "required",
      password: "required",
      passwordConfirm: "required",
    });
    expect(
      await registrationErrors(caller, "not-an-email", {
        name: "山田 太郎",
        nickname: "n",
        password: "short",
      }),
    ).toMatchObject({ name: "nameLetters", email: "emailInvalid", password: "passwordWeak" });
    for (const weak of ["alllowercase1", "ALLUPPERCASE1", "NoDigitsHere"]) {
      expect(
        await registrationErrors(caller, "a@b.test", { name: "A", nickname: "n", password: weak }),
      ).toEqual({ password: "passwordWeak" });
    }
    expect(
      await registrationErrors(caller, "a@b.test", {
        name: "A",
        nickname: "n",
        passwordConfirm: GOOD + "x",
      }),
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
      await registrationErrors(caller, "nul@example.test", { name: "Hanako\u0000Sato" }),
    ).toEqual({ name: "controlChars" });
    expect(
      await registrationErrors(caller, "rlo@example.test", { nickname: "admin\u202Enimda" }),
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
      await registrationErrors(caller, "common@example.test", { password: "Password1" }),
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
    const referrer = await createUser(t.db, { referralCode: "ref12345" });
    const viaInput = await callerFor(t.db);
    await viaInput.auth.register({
      ...registration("ref-a@example.test", { name: "A", nickname: "a" }),
      ref: "ref12345",
    });
    const viaCookie = await callerFor(t.db, undefined, { cookies: { ref: "ref12345" } });
    await viaCookie.auth.register(registration("ref-b@example.test", { name: "B", nickname: "b" }));
    const unknown = await callerFor(t.db);
    await unknown.auth.register({
      ...registration("ref-c@example.test", { name: "C", nickname: "c" }),
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
