import type { Page } from "@playwright/test";
import type { Db } from "../../db";
import { newId } from "../../db/id";
import { completeWithdrawal, requestWithdrawal } from "../../server/features/wallet/service";
import {
  ensureWallet,
  HOUSE,
  inTransaction,
  memberWallet,
  type MovementKind,
  post,
} from "../../server/ledger";
import { createLogger } from "../../server/logger";
import { fund, givePaymentDetails, key } from "../helpers/money";
import { test, visit } from "./fixtures";
import { setLanguage } from "./walk";

/**
 * Screenshots of the statement for a person to look at (not compared against anything), at
 * 1280 and 375 px, ja and en, with an eight-digit balance and every kind of credit. Opt in with
 * SCREENSHOTS=1; they land in test-results/screenshots.
 */
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
const deps = (db: Db) => ({ db, log: createLogger({ level: "silent" }) });

/** A credit from the house with the kind and reference its real feature uses. */
async function credit(db: Db, userId: string, kind: MovementKind, refType: string, amount: number) {
  await inTransaction(db, async (trx) => {
    await ensureWallet(trx, db, userId);
    await post(trx, db, {
      key: `statement-shot:${key()}`,
      kind,
      refType,
      refId: newId(),
      postings: [
        { walletId: HOUSE, bucket: "available", amount: -amount },
        { walletId: memberWallet(userId), bucket: "available", amount },
      ],
    });
  });
}

async function shoot(page: Page, name: string) {
  await page.screenshot({
    path: `test-results/screenshots/${name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

for (const lng of ["ja", "en"] as const) {
  test(`statement (${lng})`, async ({ page, context, db, login }) => {
    await setLanguage(context, lng);
    const me = await login("member");
    await givePaymentDetails(db, me.id);
    await fund(db, me.id, 12_345_678);
    await credit(db, me.id, "cashback", "import_batch", 38_400);
    await credit(db, me.id, "affiliate_reward", "import_batch", 2_000);
    await credit(db, me.id, "prize", "ranking_battle", 20_000);
    await credit(db, me.id, "prize", "marathon_goal", 1_500);
    await credit(db, me.id, "gacha_cost", "gacha_log", -300);
    const paid = await requestWithdrawal(deps(db), me.id, {
      method: "bank",
      amount: 5_000_000,
      requestKey: key(),
    });
    const admin = await db.kysely
      .selectFrom("users")
      .select("id")
      .where("permission", "=", "admin")
      .executeTakeFirstOrThrow();
    await completeWithdrawal(deps(db), admin.id, paid.id);
    await requestWithdrawal(deps(db), me.id, {
      method: "paypay",
      amount: 1_234_567,
      requestKey: key(),
    });
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await visit(page, "/users/statement");
      await shoot(page, `statement-${size}-${lng}`);
      await visit(page, "/users/statement?kind=transfers&period=1w");
      await shoot(page, `statement-empty-${size}-${lng}`);
    }
  });
}
