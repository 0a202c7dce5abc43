import { newId } from "../../db/id";
import { decideAccountRequest, requestDedicated } from "../../server/features/eas/account-requests";
import { createAccount } from "../helpers/cashback";
import { insertUser, signInUser, test, visit } from "./fixtures";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor, shootSteps } from "./shots";

/**
 * Screenshots of the EA-dedicated account requests for a person to look at: the member's
 * section on /users/bank (one request pending, one approved, one denied with its reason) and
 * the admin's /admin/eas/requests, 375 px and desktop, ja and en. Opt in with SCREENSHOTS=1.
 */
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/ea-requests";
const shoot = shooterFor(SHOTS);

for (const lng of SHOT_LANGUAGES) {
  test(`EA-dedicated requests (${lng})`, async ({ page, context, browser, login, db }) => {
    test.setTimeout(90_000);
    const id = newId();
    const m = await insertUser(db, { id, nickname: `shot${id.slice(-6)}`, name: "Shot Member" });
    const broker = await db.kysely
      .selectFrom("brokers")
      .select("id")
      .where("auto_rebate", "=", 0)
      .orderBy("name")
      .executeTakeFirstOrThrow();
    const admin = await login("admin");
    const accounts: string[] = [];
    for (const n of [1, 2, 3]) {
      accounts.push(await createAccount(db, id, broker.id, `${id.slice(-4)}${n}00`, "approved"));
    }
    const asked = [];
    for (const accountId of accounts) asked.push((await requestDedicated(db, id, accountId)).id);
    await decideAccountRequest(db, admin.id, { id: asked[1]!, approve: true });
    await decideAccountRequest(db, admin.id, {
      id: asked[2]!,
      approve: false,
      reason: "口座タイプを確認できませんでした / The account type could not be confirmed",
    });

    const memberContext = await browser.newContext();
    await signInUser(memberContext, db, m.id);
    await languageCookie(memberContext, lng);
    const memberPage = await memberContext.newPage();
    await languageCookie(context, lng);
    await atEachSize(memberPage, async (size) => {
      await visit(memberPage, "/users/bank");
      await shoot(memberPage, `bank-ea-${size}-${lng}`);
      // The section alone, to read it without the rest of the long page.
      await memberPage.getByTestId("ea-account-types").screenshot({
        path: `${SHOTS}/bank-ea-section-${size}-${lng}.png`,
        animations: "disabled",
      });
    });
    await shootSteps(page, shoot, lng, [
      ["admin-ea-requests", `/admin/eas/requests?status=all&q=${encodeURIComponent(m.email)}`],
    ]);
    await page.getByTestId("deny-one").click();
    await shoot(page, `admin-ea-deny-dialog-phone-${lng}`, false);
    await memberContext.close();
  });
}
