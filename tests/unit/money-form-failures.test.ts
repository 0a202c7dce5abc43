import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { action as transferAction } from "#app/routes/users+/withdraw+/transfer";
import { action as withdrawAction } from "#app/routes/users+/withdraw+/new";

/**
 * A money form whose request fails for a reason that is not a refusal (the database went away,
 * the connection dropped after the commit) keeps the page and what the member typed, says the
 * request may or may not have been recorded, and hands back the same one-time key, so sending
 * again cannot make a second request.
 */

const KEY = "key-0123456789abcdef";

function post(url: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/** Posts `fields` to a route's action, as the browser's form would. */
async function send(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  url: string,
  fields: Record<string, string>,
  context: AppLoadContext,
) {
  return (await action({ request: post(url, fields), context, params: {} })) as Response;
}

/** Expects the answer's status and the reason it gives (`key`); returns the values it kept. */
async function expectSaying(response: Response, status: number, key: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error.key).toBe(key);
  return body.values;
}

function contextWhere(fail: () => never) {
  const errors: unknown[] = [];
  const context = {
    trpc: { wallet: { requestWithdrawal: fail, requestTransfer: fail } },
    log: { error: (obj: unknown) => errors.push(obj) },
  } as unknown as AppLoadContext;
  return { context, errors };
}

/** The withdrawal form's action, sent a bank withdrawal of `amount` yen. */
function withdraw(context: AppLoadContext, amount = "3000") {
  return send(
    withdrawAction,
    "http://x/users/withdraw/new",
    { method: "bank", amount, requestKey: KEY },
    context,
  );
}

/** A 503 that keeps the withdrawal form's input and one-time key, saying why with `key`. */
async function expectKept(response: Response, key: string) {
  expect(response.status).toBe(503);
  const values = { method: "bank", amount: "3000", requestKey: KEY };
  const answer = await response.json();
  expect(answer).toMatchObject({
    ok: false,
    error: { key, params: null, fieldErrors: {} },
    values,
  });
  // conform's record of the answer keeps the key too: a page that fills the form from it
  // sends the same request again.
  expect(answer.error.lastResult).toMatchObject({ error: { "": [key] }, initialValue: values });
}

const lost = () => {
  throw new Error("Connection lost: The server closed the connection.");
};

describe("money forms when the request fails", () => {
  it("withdrawal: keeps the input and the key, says it may not be recorded, logs the cause", async () => {
    const { context, errors } = contextWhere(lost);
    await expectKept((await withdraw(context)) as Response, "submitUnsure");
    expect(errors).toHaveLength(1);
  });

  it("busy (the database failing over past the retries): 503, the input and the key kept", async () => {
    const { context } = contextWhere(() => {
      throw Object.assign(new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "busyTryAgain" }), {
        key: "busyTryAgain",
      });
    });
    await expectKept((await withdraw(context)) as Response, "busyTryAgain");
  });

  it("transfer: the same", async () => {
    const { context } = contextWhere(lost);
    const response = await send(
      transferAction,
      "http://x/users/withdraw/transfer",
      { email: "b@example.test", amount: "1000", message: "thanks", requestKey: KEY },
      context,
    );
    expect(await expectSaying(response, 503, "submitUnsure")).toMatchObject({
      email: "b@example.test",
      amount: "1000",
      requestKey: KEY,
    });
  });

  it("a refusal is still the procedure's own message, and sign-in is still a redirect", async () => {
    const refused = contextWhere(() => {
      throw Object.assign(new TRPCError({ code: "BAD_REQUEST", message: "aboveAvailable" }), {
        key: "aboveAvailable",
        field: "amount",
      });
    });
    const response = (await withdraw(refused.context)) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ key: "aboveAvailable", field: "amount" });

    const signedOut = contextWhere(() => {
      throw new TRPCError({ code: "UNAUTHORIZED", message: "loginRequired" });
    });
    // The route answers it as the area's guard would: to login.
    const toLogin = await withdraw(signedOut.context).catch((thrown: unknown) => thrown);
    expect(toLogin).toBeInstanceOf(Response);
    expect((toLogin as Response).status).toBe(302);
    expect((toLogin as Response).headers.get("Location")).toBe("/login");
  });

  it("below the method's minimum: the field error the browser shows, the procedure not asked", async () => {
    const asked: unknown[] = [];
    const { context } = contextWhere(() => {
      asked.push(1);
      throw new Error("not to be asked");
    });
    const response = (await withdraw(context, "999")) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: {
        key: null,
        params: null,
        fieldErrors: { amount: "belowMinimum" },
        lastResult: { error: { amount: ["belowMinimum"] } },
      },
      values: { method: "bank", amount: "999", requestKey: KEY },
    });
    expect(asked).toEqual([]);
  });
});

describe("payout details and broker accounts when the request fails", () => {
  const BANK = {
    intent: "payment",
    bankName: "みずほ銀行",
    bankCode: "０００１",
    branchName: "東京営業部",
    branchNumber: "001",
    accountType: "savings",
    bankAccountNumber: "1234567",
    accountHolder: "ﾔﾏﾀﾞ ﾀﾛｳ",
  };

  it("payout details: keeps every typed field (bank code too), says saving again is safe", async () => {
    const { action: mypageAction } = await import("#app/routes/users+/mypage+/route");
    const errors: unknown[] = [];
    const context = {
      trpc: { profile: { updatePaymentDetails: lost } },
      log: { error: (obj: unknown) => errors.push(obj) },
    } as unknown as AppLoadContext;
    const response = await send(mypageAction, "http://x/users/mypage", BANK, context);
    expect(await expectSaying(response, 503, "submitUnsureSaved")).toMatchObject(BANK);
    expect(errors).toHaveLength(1);
  });

  const BROKER = { id: "01jbroker0000000000000000a", name: "XM" };
  function accountContext(mine: () => Promise<unknown>) {
    return {
      trpc: {
        brokers: {
          active: async () => [BROKER],
          accounts: { add: lost, mine },
        },
      },
      log: { error: () => {} },
    } as unknown as AppLoadContext;
  }
  const typed = { brokerId: BROKER.id, accountNumber: "ｘｍ１２３４", accountType: "Standard" };
  const bankAction = async (context: AppLoadContext) => {
    const { action } = await import("#app/routes/users+/bank+/route");
    return send(action, "http://x/users/bank", typed, context);
  };
  const row = (over: object) => ({
    status: "pending",
    brokerName: "XM",
    accountNumber: "XM1234",
    ...over,
  });

  it("account: recorded after all is said (and answered 200, so the list reloads)", async () => {
    const response = await bankAction(accountContext(async () => ({ rows: [row({})] })));
    expect(await expectSaying(response, 200, "submitRecorded")).toEqual(typed);
  });

  it("account: not recorded is said, the input kept; an unknown answer stays unsure", async () => {
    const other = await bankAction(
      accountContext(async () => ({
        rows: [
          row({ brokerName: "Other" }),
          row({ status: "denied" }),
          row({ accountNumber: "X" }),
        ],
      })),
    );
    expect(other.status).toBe(503);
    expect(await other.json()).toMatchObject({
      error: { key: "submitNotRecorded" },
      values: typed,
    });

    const unknown = await bankAction(accountContext(lost as () => never));
    await expectSaying(unknown, 503, "submitUnsure");
  });
});
