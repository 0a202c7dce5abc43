import type { Db } from "#db";
import { atTime } from "#db/clock";
import { recordAudit } from "#server/audit";
import { AppError } from "#server/errors";
import { tokyoDay } from "#domain/tokyo";
import { versionInForce } from "#domain/pricing";
import {
  applyAdjustment,
  approveAdjustment,
  draftAdjustment,
} from "#server/features/brokers/adjustments";
import { rateVersionsOf, saveRateVersion } from "#server/features/brokers/terms";
import { addDays, existingId, tokyoMomentAgo } from "./support";

/**
 * A rate change announced after the fact: two days ago the operator learnt that
 * Exness had paid Standard accounts 45 % of the IB commission (not 40 %) since the first of
 * last month, dated the change back to that day, and applied the adjustment batch the rate
 * screen drew up, which the finance admin approved (a batch moves money only on a second
 * admin's approval): each member with Exness Standard trades since then is credited the
 * difference, one "rate adjustment" line on their statement; /brokers shows "40% → 45%" from
 * that day. (Exness, not XM: the browser tests read XM's ¥640 card.) Runs after the demo
 * cashback is credited; skipped when Exness has an adjustment batch already (a re-seed).
 */
export async function seedRateAdjustment(db: Db, adminId: string, financeId: string) {
  const brokerId = await existingId(db, "brokers", { code: "exness" });
  if (!brokerId) return;
  const done = await db.kysely
    .selectFrom("rate_adjustments")
    .select("id")
    .where("broker_id", "=", brokerId)
    .executeTakeFirst();
  if (done) return;
  const announced = tokyoMomentAgo(2, 16, 20);
  const today = tokyoDay(announced);
  const from = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7) + "-01";
  const versions = (await rateVersionsOf(db.kysely, [brokerId])).get(brokerId) ?? [];
  const card = versionInForce(versions, from)?.rates ?? [];
  const raised = card.map((r) =>
    r.accountType === "Standard" && r.kind === "spread_percent" ? { ...r, valueX100: 4_500 } : r,
  );
  if (!raised.some((r, i) => r.valueX100 !== card[i]!.valueX100)) return;
  await atTime(announced, () =>
    db.kysely.transaction().execute(async (trx) => {
      await saveRateVersion(trx, brokerId, raised, from, adminId);
      const line = (r: (typeof card)[number]) => `${r.accountType} ${r.kind} ${r.valueX100}`;
      await recordAudit(trx, {
        actorId: adminId,
        action: "broker.update",
        targetType: "broker",
        targetId: brokerId,
        data: {
          before: { rates: card.map(line) },
          after: { rates: raised.map(line), ratesFrom: from },
        },
      });
    }),
  );
  const reviewed = new Date(announced.getTime() + 12 * 60_000);
  let id: string;
  try {
    ({ id } = await atTime(reviewed, () => draftAdjustment(db, adminId, brokerId, from)));
  } catch (error) {
    // No Exness Standard row credited since that day (a database without the demo cashback).
    if (error instanceof AppError && error.key === "adjustment.nothingToAdjust") return;
    throw error;
  }
  await atTime(new Date(reviewed.getTime() + 6 * 60_000), () => applyAdjustment(db, adminId, id));
  await atTime(new Date(reviewed.getTime() + 20 * 60_000), () =>
    approveAdjustment(db, financeId, id),
  );
}
