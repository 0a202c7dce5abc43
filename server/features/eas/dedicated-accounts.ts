import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import { insertIgnore } from "#db/dialect";
import type { Database, EaAccountType } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { lockedRow } from "../../lib/locked";
import { contains, listPage, memberMatches } from "../../lib/paging";
import type { dedicatedListInput } from "./schema";

/**
 * EA-dedicated accounts: an admin designates which approved broker accounts are dedicated to
 * EAs (an EA of that account type may only be licensed to such an account). A designation
 * cannot change under live licences that rely on it.
 */

/** An account's EA type: dedicated when an admin has designated it, regular otherwise. */
export async function accountTypeOf(
  db: Kysely<Database>,
  accountId: string,
): Promise<EaAccountType> {
  const row = await db
    .selectFrom("ea_dedicated_accounts")
    .select("broker_account_id")
    .where("broker_account_id", "=", accountId)
    .executeTakeFirst();
  return row ? "ea_dedicated" : "regular";
}

/**
 * Approved broker accounts with their broker and, when an admin designated them, the
 * ea_dedicated_accounts row (null otherwise): what both the member's and the admin's lists read.
 */
function approvedAccounts(db: Kysely<Database>) {
  return db
    .selectFrom("broker_accounts")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .leftJoin(
      "ea_dedicated_accounts",
      "ea_dedicated_accounts.broker_account_id",
      "broker_accounts.id",
    )
    .where("broker_accounts.status", "=", "approved");
}

/**
 * A member's approved accounts with their EA type, by broker and number: what the member's EA
 * page offers and what the admin's "issue a licence" form lists.
 */
export async function approvedAccountsWithType(db: Kysely<Database>, userId: string) {
  const accounts = await approvedAccounts(db)
    .select([
      "broker_accounts.id",
      "broker_accounts.account_number",
      "brokers.name as broker_name",
      "ea_dedicated_accounts.broker_account_id as dedicated",
    ])
    .where("broker_accounts.user_id", "=", userId)
    .orderBy("brokers.name")
    .orderBy("broker_accounts.account_number")
    .execute();
  return accounts.map((a) => ({
    id: a.id,
    accountNumber: a.account_number,
    brokerName: a.broker_name,
    accountType: (a.dedicated ? "ea_dedicated" : "regular") as EaAccountType,
  }));
}

const DEDICATED_SORT = {
  createdAt: "broker_accounts.created_at",
  member: "users.nickname",
} as const;

/** Approved accounts with their EA type, searchable, for the admin's designation page. */
export async function dedicatedAccounts(db: Db, input: z.output<typeof dedicatedListInput>) {
  let query = approvedAccounts(db.kysely)
    .innerJoin("users", "users.id", "broker_accounts.user_id")
    .select([
      "broker_accounts.id",
      "broker_accounts.account_number",
      "broker_accounts.created_at",
      "brokers.name as broker_name",
      "users.id as user_id",
      "users.email",
      "users.nickname",
      "ea_dedicated_accounts.created_at as designated_at",
    ]);
  if (input.type === "ea_dedicated") {
    query = query.where("ea_dedicated_accounts.broker_account_id", "is not", null);
  } else if (input.type === "regular") {
    query = query.where("ea_dedicated_accounts.broker_account_id", "is", null);
  }
  if (input.q) {
    const text = input.q;
    query = query.where((eb) =>
      eb.or([
        ...memberMatches(text),
        contains("broker_accounts.account_number", text.toUpperCase()),
      ]),
    );
  }
  return listPage(query, input, DEDICATED_SORT[input.sort], "broker_accounts.id", (r) => ({
    id: r.id,
    accountNumber: r.account_number,
    brokerName: r.broker_name,
    registeredAt: r.created_at,
    member: { id: r.user_id, email: r.email, nickname: r.nickname },
    accountType: (r.designated_at ? "ea_dedicated" : "regular") as EaAccountType,
    designatedAt: r.designated_at,
  }));
}

/**
 * Designates an approved account as EA-dedicated, or back to regular. Refused while the
 * account holds a live licence for an EA of its current type: that licence was granted on it.
 */
export async function setDedicated(
  db: Db,
  adminId: string,
  input: { accountId: string; dedicated: boolean },
) {
  await db.kysely.transaction().execute((trx) => designate(db, trx, adminId, input));
  return { accountId: input.accountId, dedicated: input.dedicated };
}

/**
 * setDedicated inside the caller's transaction: also what approving a member's request does
 * (server/features/eas/account-requests.ts), so both follow the same rules and audit.
 */
export async function designate(
  db: Db,
  trx: Kysely<Database>,
  adminId: string,
  input: { accountId: string; dedicated: boolean },
) {
  const account = await lockedRow(
    db,
    trx.selectFrom("broker_accounts").select(["id", "status"]).where("id", "=", input.accountId),
  );
  if (input.dedicated && account.status !== "approved") {
    throw new AppError("BAD_REQUEST", "eaAccountNotApproved");
  }
  const current = await accountTypeOf(trx, input.accountId);
  const wanted: EaAccountType = input.dedicated ? "ea_dedicated" : "regular";
  if (current === wanted) return;
  const live = await trx
    .selectFrom("ea_licenses")
    .innerJoin("eas", "eas.id", "ea_licenses.ea_id")
    .select("ea_licenses.id")
    .where("ea_licenses.broker_account_id", "=", input.accountId)
    .where("ea_licenses.status", "in", ["pending", "active"])
    .where("eas.account_type", "=", current)
    .executeTakeFirst();
  if (live) throw new AppError("CONFLICT", "eaAccountTypeInUse");
  if (input.dedicated) {
    await insertIgnore(
      db,
      trx.insertInto("ea_dedicated_accounts").values({
        broker_account_id: input.accountId,
        designated_by: adminId,
        created_at: nowDb(),
      }),
    ).execute();
  } else {
    await trx
      .deleteFrom("ea_dedicated_accounts")
      .where("broker_account_id", "=", input.accountId)
      .execute();
  }
  await recordAudit(trx, {
    actorId: adminId,
    action: input.dedicated ? "ea.account.dedicate" : "ea.account.undedicate",
    targetType: "broker_account",
    targetId: input.accountId,
  });
}
