import type { Db } from "#db";
import { newId } from "#db/id";
import { createAccount, createBroker, creditReport } from "../helpers/cashback";
import { anAdminId } from "../helpers/money";
import { days } from "./cashback-kit";
import { insertUser } from "./fixtures";

/**
 * What the margin specs share: two brokers of their own with credited cashback. The first's
 * reports carry the IB commission (yen, and dollars at ¥151.234567), one of its customers is
 * referred (a 10 % affiliate reward); the second's report has no commission column.
 *
 * This month: commission ¥5,000 + ¥1,500 + $12.3456 (¥1,867) = ¥8,367; cashback ¥2,000 + ¥500 +
 * $10.00 (¥1,512) = ¥4,012; rewards ¥200; margin ¥4,155 (49.7 %). Last month: ¥3,000 − ¥1,000 −
 * ¥100 = ¥1,900 (63.3 %).
 */
export async function marginData(db: Db) {
  const tag = newId().slice(-6).toLowerCase();
  const d = days();
  const withCommission = { code: `mg${tag}`, name: `Margin FX ${tag.toUpperCase()}` };
  const without = { code: `mn${tag}`, name: `No Commission ${tag.toUpperCase()}` };
  const withId = await createBroker(db, withCommission.code, withCommission.name);
  const withoutId = await createBroker(db, without.code, without.name);
  const referrer = await insertUser(db, { emailPrefix: "mgref" });
  const referred = await insertUser(db, { emailPrefix: "mgcus", referrerId: referrer.id });
  const plain = await insertUser(db, { emailPrefix: "mgpl" });
  const base = Math.floor(100000 + Math.random() * 800000);
  const [a1, a2, a3] = [base, base + 1, base + 2].map(String) as [string, string, string];
  await createAccount(db, referred.id, withId, a1);
  await createAccount(db, plain.id, withId, a2);
  await createAccount(db, plain.id, withoutId, a3);

  const adminId = await anAdminId(db);
  const credit = (fileName: string, lines: string[], usdRate?: string) =>
    creditReport(db, adminId, { fileName, lines, usdRate });
  await credit(
    `margin-${tag}.csv`,
    [
      "trade_date,broker,account,lots,amount,currency,ib_commission,row_key",
      `${d.lastMonthDay},${withCommission.code},${a1},1,1000,JPY,3000,m1`,
      `${d.today},${withCommission.code},${a1},1,2000,JPY,5000,m2`,
      `${d.today},${withCommission.code},${a2},1,500,JPY,1500,m3`,
      `${d.today},${withCommission.code},${a2},1,10.00,USD,12.3456,m4`,
    ],
    "151.234567",
  );
  await credit(`nocommission-${tag}.csv`, [
    "trade_date,broker,account,lots,amount,currency,row_key",
    `${d.today},${without.code},${a3},1,800,JPY,n1`,
  ]);
  return { tag, d, withId, withoutId, withCommission, without };
}
