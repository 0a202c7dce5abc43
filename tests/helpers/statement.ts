import type { Db } from "#db";
import { newId } from "#db/id";
import { completeWithdrawal, requestWithdrawal } from "#server/features/wallet/service";
import type { MovementKind } from "#server/ledger";
import { createLogger } from "#server/logger";
import type { Method } from "#domain/withdrawal";
import type { Caller } from "./fixtures";
import { anAdminId, creditFromHouse, key } from "./money";

/**
 * Movements for the statement's tests. The statement reads only the ledger, so a credit from
 * the house with the kind and reference its real feature uses (cashback/affiliate: import_batch,
 * prize: ranking_battle or marathon_goal, gacha: gacha_log) is what that feature leaves there.
 * A negative amount is a debit to the house (a gacha play).
 */
export async function houseMovement(
  db: Db,
  userId: string,
  kind: MovementKind,
  refType: string,
  amount: number,
): Promise<void> {
  await creditFromHouse(db, userId, amount, {
    key: `statement-test:${key()}`,
    kind,
    refType,
    refId: newId(),
  });
}

/**
 * A withdrawal request through the service (the amount held), paid by the seeded admin when
 * `paid`: what the form and the admin's screen would do, without the browser.
 */
export async function withdrawal(
  db: Db,
  userId: string,
  method: Method,
  amount: number,
  paid = false,
): Promise<void> {
  const deps = { db, log: createLogger({ level: "silent" }) };
  const { id } = await requestWithdrawal(deps, userId, { method, amount, requestKey: key() });
  if (!paid) return;
  const adminId = await anAdminId(db);
  await completeWithdrawal(deps, adminId, id);
}

/** A transfer `sender` requests to `email`, then approved (or denied) by `admin`'s caller. */
export async function decidedTransfer(
  admin: Caller,
  sender: Caller,
  email: string,
  amount: number,
  approve = true,
): Promise<void> {
  const { id } = await sender.wallet.requestTransfer({ email, amount, requestKey: key() });
  if (approve) await admin.wallet.approveTransfer({ id });
  else await admin.wallet.denyTransfer({ id, reason: "test" });
}
