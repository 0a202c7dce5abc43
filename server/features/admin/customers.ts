import { sql } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import { fromDbTime } from "#db/time";
import { reopenable } from "../../domain/closing";
import { recordAudit } from "../../audit";
import { getWallet } from "../../ledger";
import { found } from "../../errors";
import { listPage, memberMatchesAnyCase } from "../../lib/paging";
import type { Storage } from "../../storage";
import { accountCount, accountsOfUser } from "../brokers/accounts";
import { normalizeAccountId } from "../../domain/broker-account";
import { maskPaymentDetails, readPaymentDetails } from "../profile/payment";
import type { PaymentField } from "../profile/schema";
import { PROFILE_COLUMNS, readProfileImage, toProfile } from "../profile/service";
import type { customersInput } from "./schema";

/**
 * The admin's view of members. Payment details leave the server masked; the full details only
 * through revealPayment, which writes an audit row (who, whom, when, which fields) in the same
 * transaction as the read.
 */

const SORT = {
  createdAt: "users.created_at",
  nickname: "users.nickname",
  name: "users.name",
  email: "users.email",
} as const;

export async function listCustomers(db: Db, input: z.output<typeof customersInput>) {
  let query = db.kysely
    .selectFrom("users")
    .select([
      "users.id",
      "users.name",
      "users.nickname",
      "users.email",
      "users.email_verified_at",
      "users.created_at",
      "users.closed_at",
    ])
    .select((eb) => [
      accountCount(eb).as("account_count"),
      accountCount(eb, "pending").as("pending_count"),
    ])
    .where("users.permission", "=", "member");
  if (input.q) {
    // Account numbers are stored normalised; match their start, which the index serves.
    const prefix = `${normalizeAccountId(input.q).replace(/[!%_]/g, (c) => `!${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        ...memberMatchesAnyCase(input.q!),
        eb.exists(
          eb
            .selectFrom("broker_accounts")
            .select("broker_accounts.id")
            .whereRef("broker_accounts.user_id", "=", "users.id")
            .where(
              (inner) =>
                sql<boolean>`${inner.ref("broker_accounts.account_number")} like ${prefix} escape '!'`,
            ),
        ),
      ]),
    );
  }
  return listPage(query, input, SORT[input.sort], "users.id", (r) => ({
    id: r.id,
    name: r.name,
    nickname: r.nickname,
    email: r.email,
    emailVerified: r.email_verified_at !== null,
    createdAt: r.created_at,
    closed: r.closed_at !== null,
    accountCount: Number(r.account_count ?? 0),
    pendingCount: Number(r.pending_count ?? 0),
  }));
}

export async function memberOrNotFound(db: Db, id: string) {
  const user = found(
    await db.kysely
      .selectFrom("users")
      .select([
        ...PROFILE_COLUMNS,
        "totp_enabled_at",
        "referral_code",
        "closed_at",
        "close_reason",
        "personal_erased_at",
      ])
      .where("id", "=", id)
      .where("permission", "=", "member")
      .executeTakeFirst(),
  );
  return user;
}

export async function getCustomer(db: Db, id: string) {
  const user = await memberOrNotFound(db, id);
  const [payment, accounts, balance] = await Promise.all([
    readPaymentDetails(db.kysely, id),
    accountsOfUser(db, id),
    getWallet(db.kysely, id),
  ]);
  const { updatedAt, ...details } = payment;
  return {
    profile: {
      ...toProfile(user),
      hasImage: user.profile_image !== null,
      mfaEnabled: user.totp_enabled_at !== null,
      referralCode: user.referral_code,
    },
    /** Null while the account is open; closed: when, why, and whether it may still be reopened. */
    closing:
      user.closed_at === null
        ? null
        : {
            closedAt: user.closed_at,
            reason: user.close_reason,
            erased: user.personal_erased_at !== null,
            reopenable:
              user.personal_erased_at === null &&
              reopenable(fromDbTime(user.closed_at), new Date()),
          },
    payment: {
      masked: maskPaymentDetails(details),
      hasAny: Object.values(details).some((v) => v !== null),
      updatedAt,
    },
    accounts,
    /** Read from the ledger (available to withdraw, and held by pending requests). */
    balance,
  };
}

/** The full payment details, for an admin who chose to see them: recorded as it happens. */
export async function revealPayment(db: Db, adminId: string, userId: string) {
  await memberOrNotFound(db, userId);
  return db.kysely.transaction().execute(async (trx) => {
    const { updatedAt: _updatedAt, ...details } = await readPaymentDetails(trx, userId);
    const fields = (Object.keys(details) as PaymentField[]).filter((f) => details[f] !== null);
    await recordAudit(trx, {
      actorId: adminId,
      action: "payment.reveal",
      targetType: "user",
      targetId: userId,
      data: { fields },
    });
    return details;
  });
}

export async function customerImage(deps: { db: Db; storage: Storage }, userId: string) {
  await memberOrNotFound(deps.db, userId);
  return readProfileImage(deps, userId);
}
