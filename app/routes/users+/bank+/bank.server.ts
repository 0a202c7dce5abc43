import { type ActionFunctionArgs, json } from "@remix-run/node";
import { z } from "zod";
import { attempt } from "#app/lib/forms.server";
import { normalizeAccountId, requestDedicatedInput } from "#domain/broker-account";

/** The bank page's actions besides the registration: the EA-type request and the type prompt. */

type Context = ActionFunctionArgs["context"];

/** The EA-dedicated request's form: the procedure's input and the form's name. */
export function eaRequestForm() {
  return requestDedicatedInput.extend({ intent: z.literal("eaRequest") });
}

/** Asks for one of the member's approved accounts to be made EA-dedicated. */
export async function requestEaDedicated(
  context: Context,
  values: Record<string, string>,
  input: { accountId: string },
) {
  const result = await attempt(values, () =>
    context.trpc.eas.requestDedicated({ accountId: input.accountId }),
  );
  if (!result.ok) return result.response;
  const { broker, accountNumber } = result.data;
  return json({
    ok: true as const,
    intent: "eaRequest" as const,
    label: `${broker} ${accountNumber}`,
  });
}

/** The member gives the type of one of their accounts that has none. */
export async function setAccountType(
  context: Context,
  values: Record<string, string>,
  input: { accountId: string; accountType: string },
) {
  const result = await attempt(values, () =>
    context.trpc.brokers.accounts.setMyType({
      id: input.accountId,
      accountType: input.accountType,
    }),
  );
  if (!result.ok) return result.response;
  return json({ ok: true as const, intent: "setType" as const, accountId: input.accountId });
}

/** Whether the member's pending registration of this number at this broker is there. */
export async function registered(
  context: Context,
  values: { brokerId: string; accountNumber: string },
): Promise<boolean> {
  const [brokers, mine] = await Promise.all([
    context.trpc.brokers.active(),
    context.trpc.brokers.accounts.mine({ sort: "createdAt", dir: "desc" }),
  ]);
  const broker = brokers.find((b) => b.id === values.brokerId);
  const number = normalizeAccountId(values.accountNumber);
  return mine.rows.some(
    (r) => r.status === "pending" && r.brokerName === broker?.name && r.accountNumber === number,
  );
}
