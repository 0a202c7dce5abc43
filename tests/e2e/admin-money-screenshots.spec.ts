import type { Db } from "../../db";
import { newId } from "../../db/id";
import { requestWithdrawal } from "../../server/features/wallet/service";
import { createPresent } from "../../server/features/wallet/presents";
import { requestTransfer } from "../../server/features/wallet/transfers";
import { createLogger } from "../../server/logger";
import { fund, givePaymentDetails, key } from "../helpers/money";
import { insertUser, test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Screenshots of the admin money screens for a person to look at (not compared against
 * anything), at 1280 and 375 px, ja and en. Opt in with
 * `SCREENSHOTS=1 scripts/e2e-local.sh tests/e2e/admin-money-screenshots.spec.ts`; they land in
 * test-results/screenshots.
 */
const shoot = shooterFor("test-results/screenshots");

const deps = (db: Db) => ({ db, log: createLogger({ level: "silent" }) });

async function member(db: Db, nickname: string, balance: number) {
  const { id, email } = await insertUser(db, {
    emailPrefix: nickname,
    name: "Screenshot Member",
    nickname,
  });
  if (balance) await fund(db, id, balance);
  await givePaymentDetails(db, id);
  return { id, email, nickname };
}

for (const lng of SHOT_LANGUAGES) {
  test(`admin money screens (${lng})`, async ({ page, db, login, problems }) => {
    problems.allow(/\/admin\/(setting|present)/);
    const tag = `shot${lng}${newId().slice(-4)}`;
    const a = await member(db, `${tag}a`, 200_000);
    const b = await member(db, `${tag}b`, 0);
    for (const [method, amount] of [
      ["bank", 12_000],
      ["usdt", 8_000],
      ["paypay", 120_000],
      ["exness", 3_500],
    ] as const) {
      await requestWithdrawal(deps(db), a.id, {
        method,
        amount,
        requestKey: key(),
        confirmed: method === "usdt" ? true : undefined,
      });
    }
    await requestTransfer(deps(db), a.id, {
      email: b.email,
      amount: 15_000,
      message:
        lng === "ja" ? "先日の立て替え分です。ありがとうございました。" : "Thanks for lunch!",
      requestKey: key(),
    });
    const admin = await login("admin");
    await createPresent(deps(db), admin.id, {
      member: b.email,
      amount: 5_000,
      reason: lng === "ja" ? "11月キャンペーン賞金（口座開設ボーナス）" : "November campaign prize",
      requestKey: key(),
    });
    await languageCookie(page.context(), lng);

    await atEachSize(page, async (size) => {
      await visit(page, `/admin/withdraw?member=${tag}`);
      await shoot(page, `admin-withdraw-${size}-${lng}`);
      await page.getByTestId("reject-one").first().click();
      await page.getByTestId("decision-dialog").waitFor();
      await page.waitForTimeout(250);
      await shoot(page, `admin-withdraw-reject-${size}-${lng}`, false);
      await page.getByTestId("dialog-cancel").click();

      await visit(page, "/admin/setting/zengin");
      await shoot(page, `admin-zengin-settings-${size}-${lng}`);

      await visit(page, "/admin/withdraw/transfers");
      await shoot(page, `admin-transfers-${size}-${lng}`);

      await visit(page, "/admin/present");
      await page.getByTestId("present-form").getByRole("button").click();
      await page.getByTestId("present-failed").waitFor();
      await shoot(page, `admin-present-${size}-${lng}`);

      await visit(page, "/admin/setting");
      await shoot(page, `admin-setting-${size}-${lng}`);
      await visit(page, "/admin/setting?edit");
      await page.locator('input[name="transferFeeRate"]').fill("1.234");
      await page.getByTestId("settings").locator('button[type="submit"]').click();
      await page.getByTestId("settings-failed").waitFor();
      await shoot(page, `admin-setting-edit-${size}-${lng}`);
    });
  });
}
