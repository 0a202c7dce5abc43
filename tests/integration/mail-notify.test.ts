import { beforeAll, describe, expect, it } from "vitest";
import { createBot } from "#bot/worker";
import { nowDb } from "#db/time";
import { parseConfig } from "#server/config";
import { addToDigest } from "#server/notify/digest";
import { claimDue, enqueueNotification, outboxCounts } from "#server/notify/outbox";
import { mailRecipient } from "#server/notify/mail-dispatcher";
import { createAccount, createBroker } from "../helpers/cashback";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import {
  adminWithCaller,
  type Caller,
  createUser,
  MailBox,
  payingMember,
  silentLog,
} from "../helpers/fixtures";
import { eventually, linkLine } from "../helpers/line";
import { drain, mailDispatcherFor, outboxOf } from "../helpers/mail-notify";
import { key } from "../helpers/money";

/**
 * Mail for money events (decision 020): each event writes the outbox rows the member's choices
 * ask for, and the mail dispatcher delivers each mail row once, racing or after a crash.
 */

const t = fileDatabase({ ledgerMustBalance: true });
let admin: Caller;
let brokerId: string;
beforeAll(async () => {
  admin = (await adminWithCaller(t.db)).caller;
  brokerId = await createBroker(t.db, "XM", "XMTrading");
});

const ALL = { withdrawal: true, transfer: true, account: true, rewards: true };

async function withdrawAndDecide(m: Awaited<ReturnType<typeof payingMember>>) {
  const done = await m.caller.wallet.requestWithdrawal({
    amount: 3_000,
    requestKey: key(),
    method: "bank",
  });
  await admin.wallet.completeWithdrawal({ id: done.id });
  const refused = await m.caller.wallet.requestWithdrawal({
    amount: 2_000,
    requestKey: key(),
    method: "bank",
  });
  await admin.wallet.rejectWithdrawal({ id: refused.id, reason: "口座名義が一致しません" });
}

async function transferTwice(m: Awaited<ReturnType<typeof payingMember>>, to: string) {
  const sent = await m.caller.wallet.requestTransfer({
    email: to,
    amount: 1_000,
    requestKey: key(),
  });
  await admin.wallet.approveTransfer({ id: sent.id });
  const denied = await m.caller.wallet.requestTransfer({
    email: to,
    amount: 1_000,
    requestKey: key(),
  });
  await admin.wallet.denyTransfer({ id: denied.id, reason: "確認できませんでした" });
}

async function decideAccounts(userId: string, numbers: [string, string]) {
  const approve = await createAccount(t.db, userId, brokerId, numbers[0], "pending");
  const deny = await createAccount(t.db, userId, brokerId, numbers[1], "pending");
  await admin.brokers.accounts.decide({ ids: [approve], decision: "approve" });
  await admin.brokers.accounts.decide({ ids: [deny], decision: "deny", reason: "名義が違います" });
}

/** An admin's present to a member: a rewards event with its own LINE and mail rows. */
async function present(member: string, amount: number, reason: string) {
  await admin.wallet.createPresent({ member, amount, reason, requestKey: key() });
}

const pairs = (kinds: string[], channels = ["line", "mail"]) =>
  kinds.flatMap((k) => channels.map((c) => `${c}:${k}`)).sort();

describe(`mail for money events on ${testEngine}`, () => {
  it("by default each money event writes a LINE and a mail row, credits one digest row a day", async () => {
    const m = await payingMember(t.db, 20_000);
    const receiver = await payingMember(t.db);
    await withdrawAndDecide(m);
    await transferTwice(m, receiver.email);
    await decideAccounts(m.id, ["100001", "100002"]);
    await present(m.email, 700, "A");
    await present(m.email, 300, "B");

    expect(await outboxOf(t.db, m.id)).toEqual(
      [
        ...pairs([
          "withdrawal_completed",
          "withdrawal_rejected",
          "transfer_completed",
          "transfer_failed",
          "account_approved",
          "account_denied",
        ]),
        "mail:rewards_digest",
      ].sort(),
    );
    expect(await outboxOf(t.db, receiver.id)).toEqual(pairs(["transfer_received"]));
    const digest = await t.db.kysely
      .selectFrom("notifications")
      .select(["payload", "next_attempt_at"])
      .where("user_id", "=", m.id)
      .where("kind", "=", "rewards_digest")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(digest.payload).items).toEqual({ present: { count: 2, amount: 1_000 } });
    // Due when the Tokyo day ends, not before.
    expect(String(digest.next_attempt_at) > nowDb()).toBe(true);
  });

  it("writes only the rows the member's choices ask for, saved through the procedure", async () => {
    const m = await payingMember(t.db, 20_000);
    const receiver = await payingMember(t.db);
    await linkLine(t.db, m.id);
    const saved = await m.caller.profile.saveNotificationPrefs({
      mail: { ...ALL, withdrawal: false, rewards: false },
      line: { ...ALL, transfer: false, account: false },
    });
    expect(saved).toEqual({
      mail: { ...ALL, withdrawal: false, rewards: false },
      line: { ...ALL, transfer: false, account: false },
      lineLinkable: false,
    });
    await withdrawAndDecide(m);
    await transferTwice(m, receiver.email);
    await decideAccounts(m.id, ["200001", "200002"]);
    await present(m.email, 500, "A");
    expect(await outboxOf(t.db, m.id)).toEqual(
      [
        ...pairs(["withdrawal_completed", "withdrawal_rejected"], ["line"]),
        ...pairs(["transfer_completed", "transfer_failed"], ["mail"]),
        ...pairs(["account_approved", "account_denied"], ["mail"]),
      ].sort(),
    );

    // Without a LINE link, the form has no LINE column and a save leaves LINE's switches alone.
    const unlinked = await payingMember(t.db);
    const view = await unlinked.caller.profile.saveNotificationPrefs({
      mail: { ...ALL, account: false },
      line: { withdrawal: false, transfer: false, account: false, rewards: false },
    });
    // The test server has no LINE Login channel: linking is not offered.
    expect(view).toEqual({ mail: { ...ALL, account: false }, line: null, lineLinkable: false });
    await linkLine(t.db, unlinked.id);
    expect(await unlinked.caller.profile.notificationPrefs()).toEqual({
      mail: { ...ALL, account: false },
      line: ALL,
      lineLinkable: false,
    });
  });

  it("refuses input that is not a set of switches", async () => {
    const m = await payingMember(t.db);
    await expect(
      m.caller.profile.saveNotificationPrefs({
        mail: { withdrawal: "yes" },
        line: null,
      } as never),
    ).rejects.toThrow();
    expect(await m.caller.profile.notificationPrefs()).toEqual({
      mail: ALL,
      line: null,
      lineLinkable: false,
    });
  });

  it("mails each row once in the member's language; a digest waits for its day's end", async () => {
    const m = await payingMember(t.db, 20_000);
    await t.db.kysely.updateTable("users").set({ language: "en" }).where("id", "=", m.id).execute();
    const other = await payingMember(t.db);
    await withdrawAndDecide(m);
    // Yesterday's credit (Tokyo): its digest is due; today's is not.
    await t.db.kysely.transaction().execute(async (trx) => {
      await addToDigest(trx, {
        userId: m.id,
        kind: "affiliate_reward",
        amount: 2_000,
        now: new Date(Date.now() - 26 * 60 * 60 * 1000),
      });
      await addToDigest(trx, { userId: m.id, kind: "gacha_win", amount: 100 });
    });
    await present(other.email, 1, "x");
    const mailbox = new MailBox();
    await drain(mailDispatcherFor(t.db, mailbox));

    const mine = mailbox.sent.filter((s) => s.to === m.email);
    expect(mine.map((s) => s.params.subject).sort()).toEqual([
      "[CB Portal] Your withdrawal of ¥3,000 is complete",
      "[CB Portal] Your withdrawal request was not approved",
      expect.stringMatching(/^\[CB Portal\] ¥2,000 in prizes and rewards on \d{4}\/\d\d\/\d\d$/),
    ]);
    const rejected = mine.find((s) => s.params.body?.includes("Reason:"));
    expect(rejected?.params.body).toContain("Reason: 口座名義が一致しません");
    expect(rejected?.language).toBe("en");
    expect(new Set(mailbox.sent.map((s) => s.messageId)).size).toBe(mailbox.sent.length);
    // Today's digests (the gacha win, the other member's present) are still waiting.
    expect(mailbox.sent.filter((s) => s.to === other.email)).toEqual([]);
    const pending = await t.db.kysely
      .selectFrom("notifications")
      .select("user_id")
      .where("channel", "=", "mail")
      .where("status", "=", "pending")
      .where("user_id", "in", [m.id, other.id])
      .execute();
    expect(pending.map((p) => p.user_id).sort()).toEqual([m.id, other.id].sort());
    // Running again sends nothing more.
    await drain(mailDispatcherFor(t.db, mailbox));
    expect(mailbox.sent.filter((s) => s.to === m.email)).toHaveLength(3);
  });

  it("skips a mail the member turned off after the event, and an unverified address", async () => {
    const m = await payingMember(t.db, 20_000);
    await withdrawAndDecide(m);
    await m.caller.profile.saveNotificationPrefs({
      mail: { ...ALL, withdrawal: false },
      line: null,
    });
    const unverified = await createUser(t.db, { verified: false });
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotification(trx, {
        userId: unverified.id,
        kind: "account_approved",
        channel: "mail",
        payload: { accountId: "a", broker: "XM", accountNumber: "1" },
        dedupeKey: `unverified:${unverified.id}`,
      }),
    );
    const mailbox = new MailBox();
    await drain(mailDispatcherFor(t.db, mailbox));
    expect(mailbox.sent.filter((s) => s.to === m.email || s.to === unverified.email)).toEqual([]);
    expect(
      await t.db.kysely
        .selectFrom("notifications")
        .select(["status", "last_error"])
        .where("user_id", "=", unverified.id)
        .execute(),
    ).toEqual([{ status: "skipped", last_error: "email_unverified" }]);
    const rows = await t.db.kysely
      .selectFrom("notifications")
      .select(["status", "last_error"])
      .where("user_id", "=", m.id)
      .where("channel", "=", "mail")
      .execute();
    expect(rows).toEqual([
      { status: "skipped", last_error: "preference_off" },
      { status: "skipped", last_error: "preference_off" },
    ]);
  });

  it("retries a mail the server refused for now, then sends it once", async () => {
    const m = await payingMember(t.db);
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotification(trx, {
        userId: m.id,
        kind: "transfer_received",
        channel: "mail",
        payload: { transferId: "t1", amount: 5_000, from: "alice" },
        dedupeKey: `retry-test:${m.id}`,
      }),
    );
    const mailbox = new MailBox();
    let refusals = 1;
    const flaky = {
      async send(message: Parameters<MailBox["send"]>[0]) {
        if (message.to === m.email && refusals-- > 0) throw new Error("421 try again later");
        await mailbox.send(message);
      },
    };
    const d = mailDispatcherFor(t.db, mailbox, { mailer: flaky });
    await d.runOnce();
    const row = await rowWhere(t.db, "notifications", "user_id", m.id);
    expect(row).toMatchObject({ status: "pending", last_error: "421 try again later" });
    // The backoff ends (moved back here rather than waited for).
    await t.db.kysely
      .updateTable("notifications")
      .set({ next_attempt_at: "2000-01-01 00:00:00.000" })
      .where("user_id", "=", m.id)
      .execute();
    await drain(d);
    expect(mailbox.sent.filter((s) => s.to === m.email)).toHaveLength(1);
  });
});

describe(`the bot worker mails on ${testEngine}`, () => {
  it("runs the mail dispatcher beside LINE's: an event's mail arrives once", async () => {
    const m = await payingMember(t.db, 10_000);
    const mailbox = new MailBox();
    const bot = createBot(
      parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", BOT_POLL_INTERVAL_MS: "20" }),
      silentLog,
      t.db,
      { messaging: null, mailer: mailbox },
    );
    bot.start();
    try {
      await withdrawAndDecide(m);
      await eventually(
        async () => mailbox.sent.filter((s) => s.to === m.email).length === 2,
        "two withdrawal mails",
      );
    } finally {
      await bot.stop();
    }
    expect(mailbox.sent.filter((s) => s.to === m.email)).toHaveLength(2);
    expect(bot.mail.stats.lost).toBe(0);
  });
});

describe(`mail delivery exactly once on ${testEngine}`, () => {
  async function enqueueMany(n: number, tag: string) {
    const members = await Promise.all([payingMember(t.db), payingMember(t.db), payingMember(t.db)]);
    await t.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i++) {
        await enqueueNotification(trx, {
          userId: members[i % 3]!.id,
          kind: "withdrawal_completed",
          channel: "mail",
          payload: { withdrawalId: `w${i}`, amount: 1_000 + i, method: "bank" },
          dedupeKey: `${tag}:${i}`,
        });
      }
    });
    return members;
  }

  it("two workers racing send each mail once", async () => {
    await t.db.kysely.deleteFrom("notifications").execute();
    await enqueueMany(40, "race");
    const mailbox = new MailBox();
    const a = mailDispatcherFor(t.db, mailbox, { batchSize: 3 });
    const b = mailDispatcherFor(t.db, mailbox, { batchSize: 3 });
    await Promise.all([drain(a), drain(b)]);
    expect(mailbox.sent).toHaveLength(40);
    expect(new Set(mailbox.sent.map((s) => s.messageId)).size).toBe(40);
    expect(a.stats.sent + b.stats.sent).toBe(40);
    expect(a.stats.lost + b.stats.lost).toBe(0);
    expect(await outboxCounts(t.db, "mail")).toEqual({
      pending: 0,
      sent: 40,
      failed: 0,
      skipped: 0,
    });
  });

  it("a worker killed after its claim: the rows return when the lease ends and go out once", async () => {
    await t.db.kysely.deleteFrom("notifications").execute();
    await enqueueMany(5, "crash");
    // The worker claims, then dies before sending anything.
    const dead = await claimDue(t.db, { channel: "mail", limit: 10, leaseMs: 60_000 });
    expect(dead).toHaveLength(5);
    const mailbox = new MailBox();
    const live = mailDispatcherFor(t.db, mailbox);
    // While the lease lasts nobody else takes the rows.
    expect(await live.runOnce()).toBe(0);
    expect(mailbox.sent).toEqual([]);
    // The lease ends (moved back here instead of waiting a minute).
    await t.db.kysely
      .updateTable("notifications")
      .set({ next_attempt_at: "2000-01-01 00:00:00.000" })
      .where("claim_token", "=", dead[0]!.claimToken)
      .execute();
    await drain(live);
    expect(mailbox.sent).toHaveLength(5);
    // The dead worker comes back and tries to finish its old claim: nothing is sent twice.
    const late = mailDispatcherFor(t.db, mailbox);
    for (const claim of dead) {
      expect(await late.deliver(claim, await mailRecipient(t.db, claim.userId))).toBe("lost");
    }
    expect(mailbox.sent).toHaveLength(5);
    expect(await outboxCounts(t.db, "mail")).toEqual({
      pending: 0,
      sent: 5,
      failed: 0,
      skipped: 0,
    });
  });
});
