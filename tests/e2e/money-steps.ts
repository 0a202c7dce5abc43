import type { Page } from "@playwright/test";
import type { Db } from "#db";
import { newId } from "#db/id";
import { requestWithdrawal } from "#server/features/wallet/service";
import { createLogger } from "#server/logger";
import { fund, givePaymentDetails, key } from "../helpers/money";
import { E2E_PASSWORD, expect, insertUser, visit } from "./fixtures";

/**
 * What the admin money specs set up through the real services: a funded member with payment
 * details, their withdrawal requests, and the list's status filter.
 */

export const deps = (db: Db) => ({ db, log: createLogger({ level: "silent" }) });

export interface Member {
  id: string;
  email: string;
  nickname: string;
}

/** A member (never signed in here) with a balance and full payment details. */
export async function member(db: Db, balance = 0): Promise<Member> {
  const id = newId();
  const m = await insertUser(db, {
    id,
    emailPrefix: "am",
    nickname: `am${id.slice(-8)}`,
    name: "Money Member",
  });
  if (balance > 0) await fund(db, id, balance);
  await givePaymentDetails(db, id);
  return { id, email: m.email, nickname: m.nickname };
}

export async function withdraw(
  db: Db,
  m: Member,
  method: "bank" | "bitwallet" | "usdt" | "exness" | "paypay" | "peska",
  amount: number,
) {
  const result = await requestWithdrawal(deps(db), m.id, {
    method,
    amount,
    requestKey: key(),
    confirmed: method === "usdt" ? true : undefined,
  });
  return result.id;
}

/** A withdrawal's status as stored. */
export async function withdrawalStatus(db: Db, id: string) {
  const row = await db.kysely
    .selectFrom("withdrawals")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Submits the filter bar with the given status (the other filters stay as they are). */
export async function filterStatus(page: Page, status: string) {
  await page.getByTestId("filter-status").selectOption(status);
  await page.getByTestId("filters-apply").click();
  await expect(page).toHaveURL(new RegExp(`status=${status}`));
}

/** Opens the payout-details form on /users/mypage, past the password check (ja). */
export async function openPaymentForm(page: Page) {
  await visit(page, "/users/mypage");
  const payment = page.getByTestId("payment-section");
  await payment.getByLabel("パスワード").fill(E2E_PASSWORD);
  await payment.getByRole("button", { name: "本人確認する" }).click();
  const form = payment.getByTestId("payment-form");
  // Checking the password is slow by design (and slower on a loaded machine).
  await expect(form).toBeVisible({ timeout: 15_000 });
  return form;
}
