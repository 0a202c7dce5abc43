import { beforeAll } from "vitest";
import { newId } from "#db/id";
import { createAccount, createBroker } from "./cashback";
import { fileDatabase } from "./file-db";
import { adminWithCaller, type Caller, memberWithCaller } from "./fixtures";

/**
 * The EA test files' common ground: their own database, an admin, one XM broker, and the
 * helpers to give a member an account there and to sign members in. Each file numbers its
 * accounts from its own `firstAccount`, so two files' account numbers never meet.
 */
export function eaSuite(firstAccount: number) {
  const t = fileDatabase();
  let nextAccount = firstAccount;
  const suite = {
    t,
    /** Set before the tests run. */
    admin: null as unknown as Caller,
    adminId: "",
    brokerId: "",
    /** A broker account as the brokers feature would have it after registration (and approval). */
    account(userId: string, status: "approved" | "pending" | "denied" = "approved") {
      return createAccount(
        t.db,
        userId,
        suite.brokerId,
        String(nextAccount++),
        status,
        suite.adminId,
      );
    },
    member: () => memberWithCaller(t.db),
  };

  beforeAll(async () => {
    ({ id: suite.adminId, caller: suite.admin } = await adminWithCaller(t.db));
    suite.brokerId = await createBroker(t.db, `b${newId().slice(-8)}`, "XM");
  });

  return suite;
}
