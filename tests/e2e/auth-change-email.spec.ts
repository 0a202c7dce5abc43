import { E2E_ORIGIN } from "./env";
import {
  E2E_PASSWORD,
  expect,
  freshEmail,
  mailLink,
  submitLogin,
  test,
  visit,
} from "./auth-helpers";

test("in English: change of email after reauthentication, confirmed from the new address and undone from the old", async ({
  page,
  context,
  db,
  login,
  problems,
}) => {
  // The refused reauthentication is a 400 of the action's data request.
  problems.allow(/\/users\/change-email\?/);
  await context.addCookies([{ name: "language", value: "en", url: E2E_ORIGIN }]);
  const me = await login("member");
  const newEmail = freshEmail("changed");
  const main = page.getByTestId("main");

  await visit(page, "/users");
  await main.getByRole("link", { name: "Change email address" }).click();
  await expect(page).toHaveURL(/\/users\/change-email$/);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Change email address");

  // Reauthentication comes first; another account's address is refused as such.
  const reauth = page.getByTestId("reauth");
  await expect(reauth.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await expect(main.getByLabel("New email address")).toHaveCount(0);
  await reauth.getByLabel("Email").fill(freshEmail("someone-else"));
  await reauth.getByLabel("Password").fill(E2E_PASSWORD);
  await reauth.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("form-error")).toHaveText(
    "These credentials belong to a different account than the one logged in",
  );
  await reauth.getByLabel("Email").fill(me.email);
  await reauth.getByLabel("Password").fill(E2E_PASSWORD);
  await reauth.getByRole("button", { name: "Confirm" }).click();

  // Then the new address.
  await expect(main.getByText(`Current email address: ${me.email}`)).toBeVisible();
  await main.getByLabel("New email address").fill(newEmail);
  await main.getByRole("button", { name: "Send change link" }).click();
  await expect(page.getByTestId("change-sent")).toContainText(
    "We have sent a confirmation link to the new address",
  );

  // The new address gets the confirmation, the old one a notice with a way back.
  const confirmLink = await mailLink(newEmail, "changeEmail");
  expect(confirmLink).toMatch(/\/confirm-email-change\?token=/);
  const recoverLink = await mailLink(me.email, "emailChangeNotice");
  expect(recoverLink).toMatch(/\/recover-email\?token=/);

  await visit(page, confirmLink);
  await expect(main).toContainText(`Your email address will change to ${newEmail}.`);
  await main.getByRole("button", { name: "Confirm the change" }).click();
  await expect(page.getByTestId("link-done")).toHaveText(`Your email address is now ${newEmail}.`);
  await visit(page, "/users");
  await expect(main.getByText(newEmail)).toBeVisible();
  await expect(main.getByText("Verified", { exact: true })).toBeVisible();

  // The owner of the old address takes it back: every session ends.
  await visit(page, recoverLink);
  await expect(main).toContainText(
    `The email change will be cancelled and your address restored to ${me.email}.`,
  );
  await main.getByRole("button", { name: "Cancel the change" }).click();
  await expect(page.getByTestId("link-done")).toContainText(
    `Your email address is ${me.email} again.`,
  );
  const sessions = await db.kysely
    .selectFrom("sessions")
    .select("id")
    .where("user_id", "=", me.id)
    .execute();
  expect(sessions).toEqual([]);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, me.email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/users$/);
  await expect(main.getByText(me.email)).toBeVisible();
  await expect(main.getByText(newEmail)).toHaveCount(0);
});
