import type { Kysely } from "kysely";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import type { Database } from "#db/schema";
import { fromDbTime, nowDb, toDbTime } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError, found } from "../../errors";
import { getWallet } from "../../ledger";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail";
import type { Storage } from "../../storage";
import type { CurrentSession } from "../../auth/session";
import { requireRecentReauth } from "../auth/account-security";
import {
  CLOSE_REASONS,
  type CloseReason,
  type CloseSituation,
  type Retention,
  closeBlockers,
  moneyCutoff,
  personalCutoff,
  reopenable,
} from "../../domain/closing";

/**
 * Closing a member's own account: refused while money or a request is open,
 * behind a fresh step-up; a closed account keeps its ledger rows, signs nobody in and is told
 * nothing more. Admins may reopen it within the window; the erasure job removes its personal
 * data after the operator's retention.
 */

export interface ClosingDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
}

/** The count a select of `countAll() as n` read; none reads 0. */
const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** The member's spendable balance and open requests, as the refusals count them. */
export async function closeSituation(
  db: Kysely<Database>,
  userId: string,
): Promise<CloseSituation> {
  const counted = (q: { executeTakeFirst(): Promise<{ n: number } | undefined> }) =>
    q.executeTakeFirst().then(count);
  const [wallet, openWithdrawals, openTransfers, pendingBrokerAccounts, pendingEaRequests] =
    await Promise.all([
      getWallet(db, userId),
      counted(
        db
          .selectFrom("withdrawals")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .where("status", "in", ["pending", "checking", "sent"]),
      ),
      counted(
        db
          .selectFrom("transfers")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("sender_id", "=", userId)
          .where("status", "in", ["pending", "checking"]),
      ),
      counted(
        db
          .selectFrom("broker_accounts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .where("status", "=", "pending"),
      ),
      counted(
        db
          .selectFrom("ea_account_requests")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .where("status", "=", "pending"),
      ),
    ]);
  return {
    available: wallet.available,
    openWithdrawals,
    openTransfers,
    pendingBrokerAccounts,
    pendingEaRequests,
  };
}

/** What the profile's closing section shows: what to do first, if anything, and the reasons. */
export async function closingView(db: Db, userId: string) {
  const situation = await closeSituation(db.kysely, userId);
  return {
    balance: situation.available,
    blockers: closeBlockers(situation),
    reasons: CLOSE_REASONS,
  };
}

/**
 * Closes the signed-in member's account. Needs a step-up within the window (the strongest
 * factor the account has); refused, naming every blocker, while money or a request is open.
 * Every session ends, the LINE link goes (nothing more is sent there), unsent notifications
 * are dropped and the account leaves the rankings; the ledger is not touched.
 */
export async function closeAccount(
  deps: ClosingDeps,
  session: CurrentSession,
  input: { reason?: CloseReason | undefined },
): Promise<{ closedAt: string }> {
  const { db } = deps;
  const userId = session.user.id;
  await requireRecentReauth(db, session.sessionId);
  const closedAt = nowDb();
  const user = await db.kysely.transaction().execute(async (trx) => {
    // The member's row locked first: two closings, or a closing and a withdrawal, queue here.
    const row = found(
      await forUpdate(
        db,
        trx
          .selectFrom("users")
          .select(["email", "nickname", "language", "closed_at", "permission"])
          .where("id", "=", userId),
      ).executeTakeFirst(),
    );
    if (row.closed_at !== null) throw new AppError("CONFLICT", "accountAlreadyClosed");
    if (row.permission !== "member") throw new AppError("FORBIDDEN", "forbidden");
    const blockers = closeBlockers(await closeSituation(trx, userId));
    if (blockers.length > 0) {
      throw new AppError("CONFLICT", "closeBlocked", { count: blockers.length });
    }
    await trx
      .updateTable("users")
      .set({
        closed_at: closedAt,
        close_reason: input.reason ?? null,
        ranking_opt_out: 1,
        updated_at: closedAt,
      })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("line_links").where("user_id", "=", userId).execute();
    // Links mailed before the closing (a password reset, an address change) stop working.
    await trx
      .updateTable("auth_tokens")
      .set({ used_at: closedAt })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
    await trx
      .updateTable("notifications")
      .set({ status: "skipped", last_error: "account_closed", updated_at: closedAt })
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .execute();
    await recordAudit(trx, {
      actorId: userId,
      action: "account.close",
      targetType: "user",
      targetId: userId,
      data: { reason: input.reason ?? null },
    });
    return row;
  });
  // The confirmation goes to the address the account had; a failure is logged, never undoes it.
  try {
    await deps.mailer.send({
      to: user.email,
      language: user.language,
      template: "accountClosed",
      params: { name: user.nickname },
    });
  } catch (err) {
    deps.log.error({ err }, "sending the account closing confirmation failed");
  }
  return { closedAt };
}

/** Whether the account is closed, for the checks that must not serve one (sign-in, notices). */
export async function isClosed(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("closed_at")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.closed_at != null;
}

/**
 * An admin reopens a closed account within the window, before its personal data was erased.
 * The member signs in again with what they had; they stay out of the rankings until they opt
 * back in (closing opted them out).
 */
export async function reopenAccount(
  db: Db,
  adminId: string,
  userId: string,
  now = new Date(),
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = found(
      await forUpdate(
        db,
        trx
          .selectFrom("users")
          .select(["closed_at", "personal_erased_at"])
          .where("id", "=", userId),
      ).executeTakeFirst(),
    );
    if (row.closed_at === null) throw new AppError("CONFLICT", "accountNotClosed");
    if (row.personal_erased_at !== null || !reopenable(fromDbTime(row.closed_at), now)) {
      throw new AppError("CONFLICT", "reopenWindowOver");
    }
    await trx
      .updateTable("users")
      .set({ closed_at: null, close_reason: null, updated_at: nowDb() })
      .where("id", "=", userId)
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: "account.reopen",
      targetType: "user",
      targetId: userId,
      data: { closedAt: row.closed_at },
    });
  });
}

export interface ErasureDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

/** What one run of the erasure job did. */
export interface ErasureRun {
  personal: number;
  money: number;
}

/** The text an erased member's name and nickname read as (never a person's). */
export const ERASED_NAME = "-";

/**
 * The erasure job, run by the worker every hour. Accounts closed past the personal retention
 * lose what is not a money record: address, nickname and profile, image and chat images,
 * payout details, second factors, links and preferences; the password no longer matches
 * anything. Accounts closed past the money retention lose the name kept for the tax records,
 * the payout snapshots of their withdrawals and the chat text. Ledger rows and amounts stay.
 * Each account is erased in its own transaction; files are removed after it committed.
 */
export async function eraseClosedAccounts(
  deps: ErasureDeps,
  retention: Retention,
  now = new Date(),
): Promise<ErasureRun> {
  const { db } = deps;
  const personal = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("closed_at", "is not", null)
    .where("closed_at", "<=", toDbTime(personalCutoff(now, retention)))
    .where("personal_erased_at", "is", null)
    .execute();
  for (const { id } of personal) await erasePersonal(deps, id);
  const money = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("closed_at", "is not", null)
    .where("closed_at", "<=", toDbTime(moneyCutoff(now, retention)))
    .where("personal_erased_at", "is not", null)
    .where("money_erased_at", "is", null)
    .execute();
  for (const { id } of money) await eraseMoneyRecords(db, id);
  return { personal: personal.length, money: money.length };
}

async function erasePersonal(deps: ErasureDeps, userId: string): Promise<void> {
  const { db } = deps;
  const files = await db.kysely.transaction().execute(async (trx) => {
    const user = await forUpdate(
      db,
      trx
        .selectFrom("users")
        .select(["profile_image", "personal_erased_at", "closed_at"])
        .where("id", "=", userId),
    ).executeTakeFirst();
    // Reopened or erased by another run since the list was read.
    if (!user || user.closed_at === null || user.personal_erased_at !== null) return [];
    const images = await trx
      .selectFrom("chat_messages")
      .innerJoin("chat_threads", "chat_threads.id", "chat_messages.thread_id")
      .select("chat_messages.image_key")
      .where("chat_threads.user_id", "=", userId)
      .where("chat_messages.image_key", "is not", null)
      .execute();
    const stamp = nowDb();
    await trx
      .updateTable("chat_messages")
      .set({ image_key: null })
      .where("thread_id", "in", (eb) =>
        eb.selectFrom("chat_threads").select("id").where("user_id", "=", userId),
      )
      .execute();
    for (const table of [
      "payment_details",
      "passkeys",
      "recovery_codes",
      "line_links",
      "line_notify_prefs",
      "mail_notify_prefs",
      "auth_tokens",
      "sessions",
    ] as const) {
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    }
    await trx
      .updateTable("users")
      .set({
        // Unique and never deliverable (.invalid is reserved): the address can register again.
        email: `closed-${userId}@erased.invalid`,
        nickname: ERASED_NAME,
        password_hash: "!",
        profile_image: null,
        twitter_url: null,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        personal_erased_at: stamp,
        updated_at: stamp,
      })
      .where("id", "=", userId)
      .execute();
    await recordAudit(trx, {
      actorId: null,
      action: "account.erasePersonal",
      targetType: "user",
      targetId: userId,
    });
    return [user.profile_image, ...images.map((i) => i.image_key)].filter(
      (key): key is string => key !== null,
    );
  });
  for (const key of files) {
    try {
      await deps.storage.remove(key);
    } catch (err) {
      deps.log.error({ err, userId }, "removing an erased member's file failed");
    }
  }
}

async function eraseMoneyRecords(db: Db, userId: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const stamp = nowDb();
    await trx
      .updateTable("withdrawals")
      .set({ payout: "{}" })
      .where("user_id", "=", userId)
      .execute();
    await trx
      .updateTable("chat_messages")
      .set({ body: "" })
      .where("thread_id", "in", (eb) =>
        eb.selectFrom("chat_threads").select("id").where("user_id", "=", userId),
      )
      .execute();
    await trx
      .updateTable("users")
      .set({ name: ERASED_NAME, money_erased_at: stamp, updated_at: stamp })
      .where("id", "=", userId)
      .where("money_erased_at", "is", null)
      .execute();
    await recordAudit(trx, {
      actorId: null,
      action: "account.eraseMoney",
      targetType: "user",
      targetId: userId,
    });
  });
}
