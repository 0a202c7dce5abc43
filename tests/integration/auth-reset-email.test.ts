import { describe, expect, it } from "vitest";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey, sessionCount } from "../helpers/rejections";
import { RULES } from "#server/auth/rate-limit";
import { callerFor, createUser, MailBox, TEST_PASSWORD, signUp } from "../helpers/fixtures";
import { fund, givePaymentDetails, key } from "../helpers/money";

const t = fileDatabase();

const GOOD = "Kx7-mUq2-wpLr";

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
    expect(await sessionCount(t.db, user.id)).toBe(0);
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

/** A member who re-authenticated and asked to move to `newEmail`: both mails are in `mail`. */
async function emailChangeRequested(newEmail: string) {
  const user = await createUser(t.db);
  const mail = new MailBox();
  const caller = await callerFor(t.db, user.id, { mailer: mail });
  await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
  await caller.auth.requestEmailChange({ newEmail });
  return { user, mail };
}

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
    const row = await rowWhere(t.db, "users", "id", user.id);
    expect(row.email).toBe(user.email);
    expect(await sessionCount(t.db, user.id)).toBe(0);
  });

  it("an attacker who took over the address cannot block the owner's recovery", async () => {
    const { user: victim, mail } = await emailChangeRequested("thief@example.test");
    const visitor = await callerFor(t.db, undefined, { ip: "10.8.0.1" });
    await visitor.auth.confirmEmailChange({ token: mail.token("changeEmail") });

    // The old address is free on paper, but inside the recovery window nobody may take it:
    // registering answers as for any taken address and creates nothing…
    await expect(
      visitor.auth.register(
        signUp({
          name: "Thief Two",
          nickname: "thief2",
          email: victim.email,
          password: GOOD,
        }),
      ),
    ).resolves.toEqual({ sent: true });
    const holders = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", victim.email)
      .execute();
    expect(holders).toHaveLength(0);
    // …and no other account may move onto it: the request answers as for any address (no
    // enumeration), and no link to move there is made.
    const accomplice = await createUser(t.db);
    const otherMail = new MailBox();
    const other = await callerFor(t.db, accomplice.id, { mailer: otherMail });
    await other.auth.reauthenticate({ email: accomplice.email, password: TEST_PASSWORD });
    await expect(other.auth.requestEmailChange({ newEmail: victim.email })).resolves.toEqual({
      ok: true,
    });
    expect(otherMail.last("changeEmail")).toBeUndefined();

    // The owner's link works.
    await expect(
      visitor.auth.recoverEmail({ token: mail.token("emailChangeNotice") }),
    ).resolves.toEqual({ email: victim.email });
  });

  it("a recovery that fails leaves its link unused", async () => {
    const { user: victim, mail } = await emailChangeRequested("moved@example.test");
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
    const { mail } = await emailChangeRequested("pending@example.test");
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

describe(`undoing an email change on ${testEngine}`, () => {
  it("an account registered with someone else's address stays unproven after its owner cancels", async () => {
    const victimEmail = "victim-inbox@example.test";
    const visitor = await callerFor(t.db, undefined, { ip: "10.8.4.1" });
    // The attacker signs up with the victim's address and never verifies it.
    await visitor.auth.register(
      signUp({ name: "Someone Else", nickname: "notvictim", email: victimEmail, password: GOOD }),
    );
    const account = await rowWhere(t.db, "users", "email", victimEmail);
    expect(account.email_verified_at).toBeNull();
    await fund(t.db, account.id, 20_000);
    await givePaymentDetails(t.db, account.id);

    // Moves the account to an inbox of their own: the undo notice goes to the victim's inbox.
    const mail = new MailBox();
    const attacker = await callerFor(t.db, account.id, { mailer: mail });
    await attacker.auth.reauthenticate({ email: victimEmail, password: GOOD });
    await attacker.auth.requestEmailChange({ newEmail: "attacker-inbox@example.test" });
    expect(mail.last("emailChangeNotice")?.to).toBe(victimEmail);
    await visitor.auth.confirmEmailChange({ token: mail.token("changeEmail") });

    // The victim, seeing a notice about an account they never made, clicks "cancel the change".
    await expect(
      visitor.auth.recoverEmail({ token: mail.token("emailChangeNotice") }),
    ).resolves.toEqual({ email: victimEmail });
    const after = await rowWhere(t.db, "users", "id", account.id);
    expect(after.email).toBe(victimEmail);
    expect(after.email_verified_at).toBeNull();

    // Signed in again, the account is still behind the unverified block.
    const again = await callerFor(t.db, account.id);
    await expectKey(
      again.wallet.requestWithdrawal({ method: "bank", amount: 5_000, requestKey: key() }),
      "emailUnverified",
    );
  });

  it("cancelling before confirmation leaves an unproven address unproven", async () => {
    const user = await createUser(t.db, { verified: false });
    const mail = new MailBox();
    const caller = await callerFor(t.db, user.id, { mailer: mail });
    await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    await caller.auth.requestEmailChange({ newEmail: "elsewhere@example.test" });
    await (await callerFor(t.db)).auth.recoverEmail({ token: mail.token("emailChangeNotice") });
    expect((await rowWhere(t.db, "users", "id", user.id)).email_verified_at).toBeNull();
  });

  it("restores a proven address with the moment it was proven", async () => {
    const user = await createUser(t.db);
    const provenAt = "2026-10-01 09:30:00.000";
    await t.db.kysely
      .updateTable("users")
      .set({ email_verified_at: provenAt })
      .where("id", "=", user.id)
      .execute();
    const mail = new MailBox();
    const caller = await callerFor(t.db, user.id, { mailer: mail });
    await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
    await caller.auth.requestEmailChange({ newEmail: "proven-move@example.test" });
    const visitor = await callerFor(t.db);
    await visitor.auth.confirmEmailChange({ token: mail.token("changeEmail") });
    expect((await rowWhere(t.db, "users", "id", user.id)).email_verified_at).not.toBe(provenAt);
    await visitor.auth.recoverEmail({ token: mail.token("emailChangeNotice") });
    const after = await rowWhere(t.db, "users", "id", user.id);
    expect(after.email).toBe(user.email);
    expect(String(after.email_verified_at)).toBe(provenAt);
  });
});
