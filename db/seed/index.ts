import type { Db } from "../index";
import { newId } from "../id";
import { nowDb } from "../time";
import { hashPassword } from "../../server/auth/password";
import { seedBrokers } from "./brokers";
import { seedCampaigns } from "./campaigns";
import { seedCashback } from "./cashback";
import { seedEas } from "./eas";
import { seedBattle, seedPopup } from "./engagement";
import { seedGachas } from "./gachas";
import { existingId } from "./support";

/**
 * Admins must have a second factor: the demo admin comes with TOTP enrolled on this published
 * (base32) secret. Add it to an authenticator app, or print the current code with
 * `npm run demo:totp`. Demo data only: a real admin enrols at first sign-in.
 */
export const DEMO_ADMIN = {
  email: "admin@example.com",
  password: "Admin-demo-2026",
  totpSecret: "DEMOADMINTOTPSECRETKEYFORDEMOXYZ",
};
export const DEMO_MEMBER = { email: "member@example.com", password: "Member-demo-2026" };

interface SeedUser {
  email: string;
  password: string;
  name: string;
  nickname: string;
  permission: "admin" | "member";
  referralCode: string;
  totpSecret?: string;
}

/** Inserts the user unless the email exists; never overwrites a changed password. */
async function ensureUser(db: Db, user: SeedUser): Promise<string> {
  const existing = await existingId(db, "users", "email", user.email);
  if (existing) return existing;
  const id = newId();
  const now = nowDb();
  await db.kysely
    .insertInto("users")
    .values({
      id,
      email: user.email,
      email_verified_at: now,
      password_hash: await hashPassword(user.password),
      name: user.name,
      nickname: user.nickname,
      permission: user.permission,
      language: "ja",
      referral_code: user.referralCode,
      totp_secret: user.totpSecret ?? null,
      totp_enabled_at: user.totpSecret ? now : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Demo data; safe to run again (each step checks before it writes). */
export async function seed(
  db: Db,
): Promise<{ admin: typeof DEMO_ADMIN; member: typeof DEMO_MEMBER }> {
  const adminId = await ensureUser(db, {
    ...DEMO_ADMIN,
    name: "Admin",
    nickname: "admin",
    permission: "admin",
    referralCode: "admin000",
  });
  const memberId = await ensureUser(db, {
    ...DEMO_MEMBER,
    name: "Taro Yamada",
    nickname: "taro",
    permission: "member",
    referralCode: "taro2026",
  });
  await seedBrokers(db, { adminId, memberId });
  await seedCashback(db, { adminId, memberId });
  await seedGachas(db, { adminId });
  await seedBattle(db, { adminId });
  await seedPopup(db, { adminId });
  await seedCampaigns(db, { adminId, memberId });
  await seedEas(db, { adminId, memberId });
  return { admin: DEMO_ADMIN, member: DEMO_MEMBER };
}
