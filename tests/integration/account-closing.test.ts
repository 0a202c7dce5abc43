import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromDbTime, nowDb, toDbTime } from "#db/time";
import { DEFAULT_RETENTION, REOPEN_WINDOW_DAYS } from "#domain/closing";
import { eraseClosedAccounts } from "#server/features/profile/closing";
import { checkLedger } from "#server/ledger";
import { renderMail } from "#server/mail";
import { notify } from "#server/notify/outbox";
import { localStorage, newStorageKey } from "#server/storage";
import { newId } from "#db/id";
import { createSession, findSession, hashToken } from "#server/auth/session";
import { auditOf } from "../helpers/audit";
import { testEngine, rowWhere, rowsWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import {
  adminWithCaller,
  callerFor,
  createUser,
  MailBox,
  silentLog,
  TEST_PASSWORD,
} from "../helpers/fixtures";
import { fund, givePaymentDetails, walletOf, withdraw } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
const storage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-closing-")));
const DAY = 24 * 60 * 60 * 1000;

/** A member signed in with a mailbox, re-authenticated (closing needs a fresh step-up). */
async function member(options: { referrerId?: string; balance?: number; stepUp?: boolean } = {}) {
  const user = await createUser(t.db, options.referrerId ? { referrerId: options.referrerId } : {});
  if (options.balance) await fund(t.db, user.id, options.balance);
  const mailbox = new MailBox();
  const caller = await callerFor(t.db, user.id, { storage, mailer: mailbox });
  if (options.stepUp !== false) {
    await caller.auth.reauthenticate({ email: user.email, password: user.password });
  }
  return { ...user, caller, mailbox };
}

const signIn = (email: string) =>
  callerFor(t.db).then((c) => c.auth.login({ email, password: TEST_PASSWORD }));

const erase = (now: Date) =>
  eraseClosedAccounts({ db: t.db, storage, log: silentLog }, DEFAULT_RETENTION, now);

describe(`closing an account on ${testEngine}`, () => {
  it("needs a step-up within the window", async () => {
    const m = await member({ stepUp: false });
    await expect(m.caller.profile.close({ understood: true })).rejects.toMatchObject({
      key: "reauthRequired",
    });
    expect((await rowWhere(t.db, "users", "id", m.id)).closed_at).toBeNull();
  });

  it("needs the tick that says the member understood", async () => {
    const m = await member();
    await expect(m.caller.profile.close({ understood: false })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await rowWhere(t.db, "users", "id", m.id)).closed_at).toBeNull();
  });

  it("is refused, naming each thing to do first with its page, while money or requests are open", async () => {
    const m = await member({ balance: 3_000 });
    await givePaymentDetails(t.db, m.id);
    await withdraw(m.caller, "bank", 1_000);
    const view = await m.caller.profile.closing();
    expect(view.blockers).toEqual([
      { kind: "balance", amount: 2_000, minimum: 500, link: "/users/withdraw/new" },
      { kind: "withdrawals", count: 1, link: "/users/withdraw" },
    ]);
    await expect(m.caller.profile.close({ understood: true })).rejects.toMatchObject({
      code: "CONFLICT",
      key: "closeBlocked",
      params: { count: 2 },
    });
    const user = await rowWhere(t.db, "users", "id", m.id);
    expect(user.closed_at).toBeNull();
    expect(await rowsWhere(t.db, "sessions", "user_id", m.id)).not.toHaveLength(0);
    expect(m.mailbox.last("accountClosed")).toBeUndefined();
  });

  it("refuses at exactly the smallest withdrawal minimum and allows one yen below it", async () => {
    const at = await member({ balance: 500 });
    expect((await at.caller.profile.closing()).blockers).toMatchObject([{ kind: "balance" }]);
    await expect(at.caller.profile.close({ understood: true })).rejects.toMatchObject({
      key: "closeBlocked",
    });
    const below = await member({ balance: 499 });
    expect((await below.caller.profile.closing()).blockers).toEqual([]);
    await below.caller.profile.close({ understood: true });
    // The ledger is not touched: the ¥499 stays recorded against the closed account.
    expect(await walletOf(t.db, below.id)).toMatchObject({ available: 499 });
  });

  it("closes: sessions end, sign-in is refused, a mail confirms, nothing more is sent, rankings and the referrer's list drop it", async () => {
    const referrer = await member();
    const m = await member({ referrerId: referrer.id });
    expect((await referrer.caller.affiliate.customers({})).rows).toHaveLength(1);
    const leftover = await createSession(t.db, m.id);
    expect(await findSession(t.db, leftover.token)).not.toBeNull();

    await m.caller.profile.close({ reason: "otherService", understood: true });

    const user = await rowWhere(t.db, "users", "id", m.id);
    expect(user.closed_at).not.toBeNull();
    expect(user.close_reason).toBe("otherService");
    expect(user.ranking_opt_out).toBe(1);
    expect(await rowsWhere(t.db, "sessions", "user_id", m.id)).toEqual([]);
    // A session row left over (a sign-in racing the closing) serves nothing.
    const now = new Date();
    await t.db.kysely
      .insertInto("sessions")
      .values({
        id: hashToken(leftover.token),
        user_id: m.id,
        created_at: toDbTime(now),
        expires_at: toDbTime(new Date(now.getTime() + DAY)),
        last_seen_at: toDbTime(now),
      })
      .execute();
    expect(await findSession(t.db, leftover.token)).toBeNull();
    await expect(signIn(m.email)).rejects.toMatchObject({ key: "accountClosedSignIn" });

    const mail = m.mailbox.last("accountClosed");
    expect(mail?.to).toBe(m.email);
    expect(renderMail(mail!).subject).toBe("【CBポータル】退会手続きが完了しました");

    // Nothing further is queued for the closed account, on any channel.
    const channels = await t.db.kysely.transaction().execute((trx) =>
      notify(trx, {
        userId: m.id,
        kind: "withdrawal_completed",
        payload: { amount: 1_000 },
        dedupeKey: `test:${m.id}`,
      } as Parameters<typeof notify>[1]),
    );
    expect(channels).toEqual([]);

    expect((await referrer.caller.affiliate.customers({})).rows).toEqual([]);
    const audit = await auditOf(t.db, m.id, "account.close");
    expect(JSON.parse(audit.data!)).toEqual({ reason: "otherService" });

    await expect(createSession(t.db, m.id)).rejects.toMatchObject({ key: "accountClosedSignIn" });
  });

  it("lets an admin see the closed state and reopen within 30 days; the member signs in again", async () => {
    const admin = await adminWithCaller(t.db);
    const m = await member();
    await expect(admin.caller.admin.customers.reopen({ id: m.id })).rejects.toMatchObject({
      key: "accountNotClosed",
    });
    await m.caller.profile.close({ reason: "privacy", understood: true });

    const seen = await admin.caller.admin.customers.get({ id: m.id });
    expect(seen.closing).toMatchObject({ reason: "privacy", reopenable: true, erased: false });
    const listed = await admin.caller.admin.customers.list({ q: m.email });
    expect(listed.rows[0]).toMatchObject({ id: m.id, closed: true });

    await admin.caller.admin.customers.reopen({ id: m.id });
    expect((await admin.caller.admin.customers.get({ id: m.id })).closing).toBeNull();
    await expect(signIn(m.email)).resolves.toMatchObject({ mfaRequired: false });
    expect(await auditOf(t.db, m.id, "account.reopen")).toMatchObject({ actor_id: admin.id });
  });

  it("sends a closed account no password-reset mail, and a link issued before the closing no longer works", async () => {
    const m = await member();
    const mailbox = new MailBox();
    const visitor = await callerFor(t.db, undefined, { mailer: mailbox });
    await visitor.auth.requestPasswordReset({ email: m.email });
    const earlier = mailbox.token("resetPassword");
    await m.caller.profile.close({ understood: true });

    mailbox.sent.length = 0;
    await expect(visitor.auth.requestPasswordReset({ email: m.email })).resolves.toEqual({
      ok: true,
    });
    expect(mailbox.sent).toEqual([]);
    expect(await visitor.auth.checkLink({ token: earlier, purpose: "reset_password" })).toEqual({
      valid: false,
      email: null,
    });
    await expect(
      visitor.auth.resetPassword({
        token: earlier,
        password: "Nw-Lq8v-Rt3z",
        passwordConfirm: "Nw-Lq8v-Rt3z",
      }),
    ).rejects.toMatchObject({ key: "resetLinkInvalid" });
    expect(mailbox.sent).toEqual([]);
  });

  it("refuses reopening after 30 days", async () => {
    const admin = await adminWithCaller(t.db);
    const m = await member();
    await m.caller.profile.close({ understood: true });
    const past = new Date(Date.now() - REOPEN_WINDOW_DAYS * DAY - 60_000);
    await t.db.kysely
      .updateTable("users")
      .set({ closed_at: toDbTime(past) })
      .where("id", "=", m.id)
      .execute();
    expect((await admin.caller.admin.customers.get({ id: m.id })).closing).toMatchObject({
      reopenable: false,
    });
    await expect(admin.caller.admin.customers.reopen({ id: m.id })).rejects.toMatchObject({
      key: "reopenWindowOver",
    });
  });
});

describe(`the erasure job on ${testEngine}`, () => {
  /** A closed member with an image, payout details, a paid withdrawal and a chat image. */
  async function closedWithData() {
    const m = await member({ balance: 1_200 });
    await givePaymentDetails(t.db, m.id);
    const { id: withdrawalId } = await withdraw(m.caller, "bank", 1_000);
    const admin = await adminWithCaller(t.db);
    await admin.caller.wallet.completeWithdrawal({ id: withdrawalId });

    const avatar = newStorageKey("avatars", "image/png");
    const attachment = newStorageKey("chat", "image/png");
    await storage.put(avatar, new Uint8Array([1, 2, 3]));
    await storage.put(attachment, new Uint8Array([4, 5, 6]));
    await t.db.kysely
      .updateTable("users")
      .set({ profile_image: avatar, twitter_url: "https://x.com/taro" })
      .where("id", "=", m.id)
      .execute();
    const threadId = newId();
    const now = nowDb();
    await t.db.kysely
      .insertInto("chat_threads")
      .values({ id: threadId, user_id: m.id, created_at: now, updated_at: now })
      .execute();
    await t.db.kysely
      .insertInto("chat_messages")
      .values({
        id: newId(),
        thread_id: threadId,
        sender_id: m.id,
        sender_role: "member",
        body: "口座番号は1234567です",
        image_key: attachment,
        created_at: now,
      })
      .execute();

    await m.caller.profile.close({ understood: true });
    const closedAt = fromDbTime((await rowWhere(t.db, "users", "id", m.id)).closed_at!);
    return { ...m, withdrawalId, avatar, attachment, threadId, closedAt };
  }

  it("keeps everything within the reopen window, then erases the personal data but not the money records", async () => {
    const m = await closedWithData();
    const ledgerBefore = await walletOf(t.db, m.id);

    await erase(new Date(m.closedAt.getTime() + (REOPEN_WINDOW_DAYS - 1) * DAY));
    expect((await rowWhere(t.db, "users", "id", m.id)).personal_erased_at).toBeNull();
    expect(await storage.get(m.avatar)).not.toBeNull();

    const run = await erase(new Date(m.closedAt.getTime() + REOPEN_WINDOW_DAYS * DAY + 1));
    expect(run.personal).toBeGreaterThanOrEqual(1);
    const user = await rowWhere(t.db, "users", "id", m.id);
    expect(user.personal_erased_at).not.toBeNull();
    expect(user.email).toBe(`closed-${m.id}@erased.invalid`);
    expect(user.nickname).toBe("-");
    expect(user.profile_image).toBeNull();
    expect(user.twitter_url).toBeNull();
    // The name stays with the money records until their retention ends.
    expect(user.name).toBe("Test User");
    expect(await rowsWhere(t.db, "payment_details", "user_id", m.id)).toEqual([]);
    expect(await storage.get(m.avatar)).toBeNull();
    expect(await storage.get(m.attachment)).toBeNull();
    const [message] = await rowsWhere(t.db, "chat_messages", "thread_id", m.threadId);
    expect(message).toMatchObject({ image_key: null, body: "口座番号は1234567です" });
    const withdrawal = await rowWhere(t.db, "withdrawals", "id", m.withdrawalId);
    expect(JSON.parse(withdrawal.payout)).toMatchObject({ accountNumber: "1234567" });
    expect(await walletOf(t.db, m.id)).toEqual(ledgerBefore);
    expect(await auditOf(t.db, m.id, "account.erasePersonal")).toMatchObject({ actor_id: null });

    // The address may register again; the erased account cannot sign in or be reopened.
    await expect(signIn(m.email)).rejects.toMatchObject({ key: "invalidCredentials" });
    const admin = await adminWithCaller(t.db);
    await expect(admin.caller.admin.customers.reopen({ id: m.id })).rejects.toMatchObject({
      key: "reopenWindowOver",
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("erases the name, payout snapshots and chat text after the money retention; amounts stay", async () => {
    const m = await closedWithData();
    const sevenYears = new Date(m.closedAt.getTime());
    sevenYears.setUTCFullYear(sevenYears.getUTCFullYear() + DEFAULT_RETENTION.moneyYears);

    await erase(new Date(sevenYears.getTime() - DAY));
    expect((await rowWhere(t.db, "users", "id", m.id)).money_erased_at).toBeNull();
    expect((await rowWhere(t.db, "users", "id", m.id)).personal_erased_at).not.toBeNull();

    await erase(new Date(sevenYears.getTime() + 1));
    const user = await rowWhere(t.db, "users", "id", m.id);
    expect(user.money_erased_at).not.toBeNull();
    expect(user.name).toBe("-");
    const withdrawal = await rowWhere(t.db, "withdrawals", "id", m.withdrawalId);
    expect(withdrawal).toMatchObject({ payout: "{}", amount: 1_000, status: "completed" });
    const [message] = await rowsWhere(t.db, "chat_messages", "thread_id", m.threadId);
    expect(message!.body).toBe("");
    expect(await walletOf(t.db, m.id)).toMatchObject({ available: 200 });

    // A second run finds nothing left to do.
    const again = await erase(new Date(sevenYears.getTime() + 2 * DAY));
    expect(await rowWhere(t.db, "users", "id", m.id)).toMatchObject({
      money_erased_at: user.money_erased_at,
    });
    expect(again.money).toBe(0);
  });

  it("leaves open accounts and reopened ones alone", async () => {
    const open = await member();
    const before = await rowWhere(t.db, "users", "id", open.id);
    await erase(new Date(Date.now() + 10 * 365 * DAY));
    expect(await rowWhere(t.db, "users", "id", open.id)).toEqual(before);
  });
});
