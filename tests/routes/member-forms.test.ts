import { describe, expect, it } from "vitest";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { fund, givePaymentDetails, key, walletOf } from "../helpers/money";
import { formRefusal, refusalText, routeClient } from "../helpers/routes";

/**
 * The member area's money forms as the server answers them without the browser's own check
 * (a script, an old page): the worst values are refused with the real limit's reason, and no
 * money moves.
 */

const t = fileDatabase({ ledgerMustBalance: true });
const routes = routeClient(() => t.db);

async function payingMember(balance: number) {
  const member = await createUser(t.db);
  await fund(t.db, member.id, balance);
  await givePaymentDetails(t.db, member.id);
  return member;
}

describe("transfer", () => {
  it("refuses ¥999,999,999 and ¥999 with the range the settings allow", async () => {
    const member = await payingMember(20_000);
    const friend = await createUser(t.db);
    for (const amount of ["999999999", "999"]) {
      const answer = await routes.post(
        "/users/withdraw/transfer",
        { email: friend.email, amount, requestKey: key() },
        { as: member },
      );
      expect(answer.status, amount).toBe(400);
      expect(formRefusal(answer).fields, amount).toEqual({ amount: "transferAmountRange" });
    }
    expect((await walletOf(t.db, friend.id)).available).toBe(0);
  });

  it("says an unknown recipient is not found, beside the address", async () => {
    const member = await payingMember(20_000);
    const answer = await routes.post(
      "/users/withdraw/transfer",
      { email: "nobody-here@example.test", amount: "1000", requestKey: key() },
      { as: member },
    );
    expect(answer.status).toBe(400);
    expect(formRefusal(answer)).toMatchObject({ key: "recipientNotFound", values: {} });
    expect(formRefusal(answer).values).toMatchObject({ email: "nobody-here@example.test" });
    expect(await refusalText(answer, "en")).toBe("Recipient not found");
    expect((await walletOf(t.db, member.id)).available).toBe(20_000);
  });
});

describe("withdrawal", () => {
  it("refuses more than the balance, naming it, and holds nothing", async () => {
    const member = await payingMember(20_000);
    const answer = await routes.post(
      "/users/withdraw/new",
      { method: "bank", amount: "30000", requestKey: key() },
      { as: member },
    );
    expect(answer.status).toBe(400);
    // The service's reason, about the amount field (the page names the balance it shows).
    expect(formRefusal(answer)).toMatchObject({ key: "aboveAvailable", field: "amount" });
    expect((await walletOf(t.db, member.id)).available).toBe(20_000);
  });

  it("refuses amounts that are not a whole number of yen, or past any balance, by the form's schema", async () => {
    const member = await payingMember(20_000);
    for (const amount of ["-5", "12.5", "1e999", "999999999"]) {
      const answer = await routes.post(
        "/users/withdraw/new",
        { method: "bank", amount, requestKey: key() },
        { as: member },
      );
      expect(answer.status, amount).toBe(400);
      expect(formRefusal(answer).fields.amount, amount).toBeTruthy();
    }
  });
});
