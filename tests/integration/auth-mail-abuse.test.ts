import { describe, expect, it } from "vitest";
import { testEngine, tokensOf } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { RULES } from "#server/auth/rate-limit";
import { renderMail } from "#server/mail";
import { callerFor, createUser, MailBox, TEST_PASSWORD, signUp } from "../helpers/fixtures";

const t = fileDatabase();

const GOOD = "Kx7-mUq2-wpLr";
/** What a member might write to make the portal's own mail carry their message. */
const BAIT = "Prize at evil.example";

/** A member who has just re-authenticated, with their mail box. */
async function reauthenticatedMember(nickname = "member") {
  const user = await createUser(t.db, { nickname });
  const mail = new MailBox();
  const caller = await callerFor(t.db, user.id, { mailer: mail });
  await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
  return { user, mail, caller };
}

describe(`mail sent on a member's behalf on ${testEngine}`, () => {
  it("a member cannot make the portal mail an outside address more than a few times", async () => {
    const { mail, caller } = await reauthenticatedMember();
    const keys: string[] = [];
    for (let i = 0; i < 15; i++) {
      keys.push(
        await caller.auth.requestEmailChange({ newEmail: "outside@example.test" }).then(
          () => "ok",
          (error: { key?: string }) => error.key ?? "error",
        ),
      );
    }
    const toOutside = mail.sent.filter((m) => m.to === "outside@example.test");
    expect(toOutside.length).toBeGreaterThan(0);
    expect(toOutside.length).toBeLessThanOrEqual(RULES.emailChangeTarget.points);
    expect(keys.filter((k) => k === "ok").length).toBeLessThanOrEqual(
      RULES.emailChangeMember.points,
    );
    expect(keys.slice(RULES.emailChangeMember.points).every((k) => k === "tooManyAttempts")).toBe(
      true,
    );
  });

  it("several members together cannot flood one outside address either", async () => {
    const mail = new MailBox();
    for (let i = 0; i < 6; i++) {
      const user = await createUser(t.db);
      const caller = await callerFor(t.db, user.id, { mailer: mail });
      await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
      await expect(
        caller.auth.requestEmailChange({ newEmail: "target@example.test" }),
      ).resolves.toEqual({ ok: true });
    }
    const toTarget = mail.sent.filter((m) => m.to === "target@example.test");
    expect(toTarget.length).toBeLessThanOrEqual(RULES.emailChangeTarget.points);
  });

  it("answers a taken address exactly like a free one, and tells the owner instead", async () => {
    const owner = await createUser(t.db);
    const { user, mail, caller } = await reauthenticatedMember();
    await expect(caller.auth.requestEmailChange({ newEmail: owner.email })).resolves.toEqual({
      ok: true,
    });
    const toOwner = mail.sent.filter((m) => m.to === owner.email);
    expect(toOwner.map((m) => m.template)).toEqual(["emailChangeAttempt"]);
    // No link that could move the address; the member's own inbox gets the same notice as
    // for a free address, so it tells them nothing either.
    expect(toOwner[0]!.params.link).toBeUndefined();
    expect(mail.sent.filter((m) => m.to === user.email).map((m) => m.template)).toEqual([
      "emailChangeNotice",
    ]);
    const pending = await tokensOf(t.db, user.id, "change_email");
    expect(pending).toHaveLength(0);
  });

  it("puts no member-written text in a mail to an address not yet verified as theirs", async () => {
    const { mail, caller } = await reauthenticatedMember(BAIT);
    await caller.auth.requestEmailChange({ newEmail: "new-home@example.test" });
    const change = mail.last("changeEmail")!;
    for (const language of ["ja", "en"] as const) {
      expect(renderMail({ ...change, language }).text).not.toContain(BAIT);
    }

    // Registration mails an address nobody has proven yet: the nickname stays out of it.
    const registration = new MailBox();
    const visitor = await callerFor(t.db, undefined, { mailer: registration, ip: "10.31.0.1" });
    await visitor.auth.register(
      signUp({
        name: "Bait Sender",
        nickname: BAIT,
        email: "someone-else@example.test",
        password: GOOD,
      }),
    );
    const verify = registration.last("verifyEmail")!;
    expect(renderMail(verify).text).not.toContain(BAIT);

    // A second registration of that (still unverified) address: the "already registered"
    // mail goes to the same unproven inbox and must not carry the first registrant's text.
    const again = await callerFor(t.db, undefined, { mailer: registration, ip: "10.31.0.2" });
    await again.auth.register(
      signUp({
        name: "Other Person",
        nickname: "other",
        email: "someone-else@example.test",
        password: GOOD,
      }),
    );
    const already = registration.last("alreadyRegistered")!;
    expect(renderMail(already).text).not.toContain("Bait Sender");
    expect(renderMail(already).text).not.toContain(BAIT);
  });
});
