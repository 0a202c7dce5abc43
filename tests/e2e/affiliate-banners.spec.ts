import { newId } from "../../db/id";
import { E2E_ORIGIN } from "./env";
import { expect, giveReferralCode, test, visit } from "./fixtures";

test("an admin uploads a banner; a member copies its HTML holding their referral link", async ({
  page,
  problems,
  request,
  db,
  login,
}) => {
  const tag = newId().slice(-8).toLowerCase();
  const title = `Banner ${tag}`;

  await login("admin");
  await visit(page, "/admin/affiliate");
  await page.getByTestId("tab-banners").click();
  await expect(page).toHaveURL(/\/admin\/affiliate\/banners/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const form = page.getByTestId("banner-new-form");
  // A refusal (a 400 the page handles) shows under its field, in place.
  problems.allow(/\/admin\/affiliate\/banners\?_data=/);
  await form.getByLabel("タイトル").fill(title);
  await form.getByLabel("代替テキスト").fill(`Alt "${tag}" <b>`);
  await form.getByLabel("表示順").fill("abc");
  await form.getByLabel("画像", { exact: true }).setInputFiles("tests/fixtures/images/avatar.png");
  await form.getByRole("button", { name: "アップロード" }).click();
  await expect(page.getByTestId("banner-new-form").getByTestId("error-displayOrder")).toBeVisible();
  await expect(page.getByTestId("banner-new-form").getByLabel("タイトル")).toHaveValue(title);

  await page.getByTestId("banner-new-form").getByLabel("表示順").fill("0");
  await page
    .getByTestId("banner-new-form")
    .getByLabel("画像", { exact: true })
    .setInputFiles("tests/fixtures/images/avatar.png");
  await page.getByTestId("banner-new-form").getByRole("button", { name: "アップロード" }).click();
  await expect(page).toHaveURL(/saved=new/);
  const item = page.getByTestId("banner-admin-item").filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByRole("img")).toHaveJSProperty("naturalWidth", 48);

  const banner = await db.kysely
    .selectFrom("affiliate_banners")
    .select(["id", "image_key"])
    .where("title", "=", title)
    .executeTakeFirstOrThrow();
  const file = banner.image_key.slice("banners/".length);

  // The member, with a referral code, sees it and its HTML.
  const member = await login();
  const code = `b${tag}`.slice(0, 12);
  await giveReferralCode(db, member.id, code);
  await visit(page, "/users/affiliate");
  const card = page.getByTestId("aff-banner").filter({ hasText: title });
  await expect(card.getByRole("img")).toHaveJSProperty("naturalWidth", 48);
  const html = await card.getByTestId("aff-banner-html").inputValue();
  expect(html).toBe(
    `<a href="${E2E_ORIGIN}/register?ref=${code}"><img src="${E2E_ORIGIN}/media/banners/${file}" ` +
      `width="48" height="48" alt="Alt &quot;${tag}&quot; &lt;b&gt;"></a>`,
  );

  // The image is public (no session) and long-cached.
  const response = await request.get(`/media/banners/${file}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toContain("public");

  // Deactivated, it leaves the member page.
  await db.kysely
    .updateTable("affiliate_banners")
    .set({ active: 0 })
    .where("id", "=", banner.id)
    .execute();
  await visit(page, "/users/affiliate");
  await expect(page.getByTestId("aff-banners")).toBeVisible();
  await expect(page.getByTestId("aff-banner").filter({ hasText: title })).toHaveCount(0);
});
