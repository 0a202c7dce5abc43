import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localStorage } from "#server/storage";
import { auditsOf } from "./audit";
import { rowsWhere } from "./db";
import { fileDatabase } from "./file-db";
import { callerFor, createUser, MailBox } from "./fixtures";
import { BANK_DETAILS, TRON } from "./payment-form";

/** The payment details form with every field filled in, each valid. */
export const FULL_PAYMENT_DETAILS = {
  ...BANK_DETAILS,
  usdtAddress: TRON,
  exnessEmail: "taro@exness.example",
  peskaEmail: "taro@peska.example",
  bitwalletEmail: "taro@bitwallet.example",
  paypayId: "taro_01",
};

/** The message key a refused call gave for `field`, as the form would show it. */
export async function fieldKeyOf(
  call: Promise<unknown>,
  field: string,
): Promise<string | undefined> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  const issues = (error as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } })
    ?.cause?.issues;
  return issues?.find((i) => i.path[0] === field)?.message;
}

/**
 * The profile test files' common ground: their own database and storage, members signed in
 * with a mailbox (and reauthenticated, as payment details require), and what they stored.
 */
export function profileSuite() {
  const t = fileDatabase();
  const storage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-profile-")));

  async function member() {
    const user = await createUser(t.db);
    const mailbox = new MailBox();
    const caller = await callerFor(t.db, user.id, { storage, mailer: mailbox });
    return { ...user, caller, mailbox };
  }

  async function reauthenticated() {
    const m = await member();
    await m.caller.auth.reauthenticate({ email: m.email, password: m.password });
    return m;
  }

  const storedDetails = async (userId: string) =>
    (await rowsWhere(t.db, "payment_details", "user_id", userId))[0];

  const audits = (action: string, targetId: string) => auditsOf(t.db, targetId, action);

  return { t, storage, member, reauthenticated, storedDetails, audits };
}
