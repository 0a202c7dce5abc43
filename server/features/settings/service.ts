import type { Kysely } from "kysely";
import { z } from "zod";
import type { Db } from "#db";
import type { Database } from "#db/schema";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { parseSetting, writeSetting } from "./store";
import {
  DEFAULT_PRESENT_SECOND_APPROVAL_OVER,
  DEFAULT_SECOND_APPROVAL_FROM,
} from "../../domain/second-approval";
import { addressesStaleUnder, announceNetworkChange } from "./usdt-network";

/** The money settings the admin controls (fees, limits, feature switches), with their defaults. */
export interface MoneySettings {
  /** Basis points: 0 = 0%, 125 = 1.25%. */
  transferFeeRateBp: number;
  transferMin: number;
  transferMax: number;
  usdtNetwork: "TRC20" | "ERC20";
  paypayDailyLimit: number;
  /**
   * Yen per US dollar in hundredths (150.00 → 15000): the stated rate the public rebate
   * calculator converts USD rates at. Crediting uses each import's own rate.
   */
  usdJpyX100: number;
  /**
   * Yen: withdrawals and transfers of this much or more need a second admin's approval.
   */
  secondApprovalFrom: number;
  /** Yen: presents of more than this need a second admin's approval before they credit. */
  presentSecondApprovalOver: number;
}

export const DEFAULT_SETTINGS: MoneySettings = {
  transferFeeRateBp: 0,
  transferMin: 1_000,
  transferMax: 500_000,
  usdtNetwork: "TRC20",
  paypayDailyLimit: 100_000,
  usdJpyX100: 15_000,
  secondApprovalFrom: DEFAULT_SECOND_APPROVAL_FROM,
  presentSecondApprovalOver: DEFAULT_PRESENT_SECOND_APPROVAL_OVER,
};

const KEY = "money";

const stored = z.object({
  transferFeeRateBp: z.number().int().min(0).max(9999),
  transferMin: z.number().int().min(1),
  transferMax: z.number().int().min(1),
  usdtNetwork: z.enum(["TRC20", "ERC20"]),
  paypayDailyLimit: z.number().int().min(1),
  usdJpyX100: z.number().int().min(1),
  secondApprovalFrom: z.number().int().min(1),
  presentSecondApprovalOver: z.number().int().min(0),
});

export async function getMoneySettings(db: Kysely<Database>): Promise<MoneySettings> {
  return moneySettingsOf((await storedMoneySettings(db).executeTakeFirst())?.value);
}

/** The stored settings' row, as a query or a subquery of a page's own read. */
export function storedMoneySettings(db: Kysely<Database>) {
  return db.selectFrom("settings").select("value").where("key", "=", KEY);
}

/** The settings from their stored value (none: the defaults). */
export function moneySettingsOf(value: string | null | undefined): MoneySettings {
  const saved = parseSetting(value);
  if (typeof saved !== "object" || saved === null) return DEFAULT_SETTINGS;
  // A damaged row must not let money move under unknown rules: fall back to the defaults.
  const parsed = stored.safeParse({ ...DEFAULT_SETTINGS, ...saved });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/**
 * Saves the settings. A change of the USDT network makes the saved addresses of the old one
 * stale: it is refused, with the number of those addresses, until the admin
 * confirms having seen that number; confirmed, it tells those members in the same transaction.
 */
export async function updateMoneySettings(
  db: Db,
  adminId: string,
  next: MoneySettings,
  options: { confirmNetworkChange?: boolean } = {},
): Promise<MoneySettings> {
  const value = stored.parse(next);
  await db.kysely.transaction().execute(async (trx) => {
    const before = await getMoneySettings(trx);
    if (before.usdtNetwork !== value.usdtNetwork) {
      if (options.confirmNetworkChange !== true) {
        throw new AppError("BAD_REQUEST", "usdtNetworkConfirm", {
          from: before.usdtNetwork,
          to: value.usdtNetwork,
          count: await addressesStaleUnder(trx, value.usdtNetwork),
        });
      }
      const change = await announceNetworkChange(trx, before.usdtNetwork, value.usdtNetwork);
      await recordAudit(trx, {
        actorId: adminId,
        action: "settings.usdtNetwork",
        targetType: "settings",
        targetId: KEY,
        data: { from: before.usdtNetwork, to: value.usdtNetwork, ...change },
      });
    }
    await writeSetting(db, trx, {
      key: KEY,
      value,
      adminId,
      action: "settings.update",
      before,
      after: value,
    });
  });
  return value;
}

/** Fee for a transfer: the rate applied to the amount, rounded down to the yen. */
export function transferFee(amount: number, rateBp: number): number {
  return Math.floor((amount * rateBp) / 10_000);
}
