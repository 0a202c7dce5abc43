import { createHash, randomBytes } from "node:crypto";
import type { Db } from "#db";
import { newId } from "#db/id";
import { fromDbTime, nowDb, toDbTime } from "#db/time";
import { INVITATION_TTL_MS } from "#server/features/team/service";
import { countReferredRegistration } from "#server/features/affiliate/rewards";
import { hashPassword } from "#server/auth/password";
import { seedBrokers } from "./brokers";
import { seedCampaigns } from "./campaigns";
import { seedCashback } from "./cashback";
import { seedEas } from "./eas";
import { seedBattle, seedPopup } from "./engagement";
import { seedGachas } from "./gachas";
import { crowdEmail, DEMO_CROWD, seedCrowdTrading } from "./crowd";
import { seedLegal } from "./legal";
import { seedHelp } from "./help";
import { seedChats } from "./chat";
import { seedRateAdjustment } from "./rate-adjustment";
import { seedMoney, seedZenginRequester, startDemoMarathon, stopDemoMarathon } from "./money";
import { existingId, tokyoMomentAgo } from "./support";
import { atTime } from "#db/clock";

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
/** The demo team besides the owner: each with its role and the same demo TOTP. */
export const DEMO_FINANCE = {
  email: "finance@example.com",
  password: "Finance-demo-2026",
  totpSecret: DEMO_ADMIN.totpSecret,
};
export const DEMO_SUPPORT = {
  email: "support@example.com",
  password: "Support-demo-2026",
  totpSecret: DEMO_ADMIN.totpSecret,
};
/** The invitation the demo's team tab shows pending (its link is not printed: only a mail has it). */
export const DEMO_INVITEE = { email: "editor@example.com", name: "Ren Mori", roleId: "content" };
export const DEMO_MEMBER = { email: "member@example.com", password: "Member-demo-2026" };
/** The demo member's friend: referred by the demo member (affiliate rewards), receives transfers. */
export const DEMO_FRIEND = { email: "friend@example.com", password: "Member-demo-2026" };
/** A member with an eight-figure balance (a ¥98,765,432 present): money must fit on a phone. */
export const DEMO_RICH = { email: "rich@example.com", password: "Member-demo-2026" };

/**
 * Every demo login with what it shows, one line each: what `npm run demo` prints, so whoever
 * tries the demo knows which account to open for what (the README's table says the same).
 */
export const DEMO_LOGINS = [
  {
    ...DEMO_ADMIN,
    shows: "admin (owner): every permission; pending withdrawals (Zengin file) and transfers",
  },
  { ...DEMO_FINANCE, shows: "admin (finance): money decisions, bank file, imports; no chat" },
  { ...DEMO_SUPPORT, shows: "admin (support): members, chat, account approvals; no money" },
  {
    ...DEMO_MEMBER,
    shows: "member: six months of cashback, rewards, transfers and withdrawals in every state",
  },
  {
    ...DEMO_FRIEND,
    shows: "the member's referral: affiliate rewards come from their cashback; receives transfers",
  },
  {
    ...DEMO_RICH,
    shows: "eight-figure balance (phone layout check), a pending bank withdrawal and transfer",
  },
] as const;

interface SeedUser {
  email: string;
  password: string;
  name: string;
  nickname: string;
  permission: "admin" | "member";
  /** An admin's role (owner unless said). */
  adminRole?: string;
  referralCode: string;
  referrerId?: string;
  totpSecret?: string;
}

/** Inserts the user unless the email exists; never overwrites a changed password. */
async function ensureUser(db: Db, user: SeedUser): Promise<string> {
  const existing = await existingId(db, "users", { email: user.email });
  if (existing) return existing;
  const id = newId();
  const now = nowDb();
  const passwordHash = await hashPassword(user.password);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("users")
      .values({
        id,
        email: user.email,
        email_verified_at: now,
        password_hash: passwordHash,
        name: user.name,
        nickname: user.nickname,
        permission: user.permission,
        admin_role_id: user.permission === "admin" ? (user.adminRole ?? "owner") : null,
        language: "ja",
        referral_code: user.referralCode,
        referrer_id: user.referrerId ?? null,
        totp_secret: user.totpSecret ?? null,
        totp_enabled_at: user.totpSecret ? now : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Counted as the registration page counts it, so the referrer's summary shows it.
    if (user.referrerId) await countReferredRegistration(trx, db, user.referrerId, fromDbTime(now));
  });
  return id;
}

/**
 * The demo member's referred customers besides the friend, each registered on a day of their
 * own (the affiliate page's list and chart), none trading yet.
 */
const DEMO_REFERRALS = [
  {
    email: "yuki@example.com",
    name: "Yuki Tanaka",
    nickname: "yuki",
    code: "yuki2026",
    at: [96, 22, 41],
  },
  {
    email: "sora@example.com",
    name: "Sora Ito",
    nickname: "sora",
    code: "sora2026",
    at: [41, 7, 55],
  },
  {
    email: "mei@example.com",
    name: "Mei Kobayashi",
    nickname: "mei",
    code: "mei20260",
    at: [5, 13, 20],
  },
] as const;

/**
 * Demo data; safe to run again (each step checks before it writes). Six months of a member's
 * life: each person, account, present, prize, play, transfer and withdrawal is written at its own
 * Tokyo date and time (`atTime`), through the same services as the pages.
 */
export async function seed(
  db: Db,
): Promise<{ admin: typeof DEMO_ADMIN; member: typeof DEMO_MEMBER }> {
  const at = (days: number, hour: number, minute: number) => tokyoMomentAgo(days, hour, minute);
  const adminId = await atTime(at(200, 9, 30), () =>
    ensureUser(db, {
      ...DEMO_ADMIN,
      name: "Admin",
      nickname: "admin",
      permission: "admin",
      referralCode: "admin000",
    }),
  );
  const team: Record<string, string> = {};
  for (const [who, role, name, code] of [
    [DEMO_FINANCE, "finance", "Aoi Finance", "financ00"],
    [DEMO_SUPPORT, "support", "Kenta Support", "suppor00"],
  ] as const) {
    team[role] = await atTime(at(190, 10, 0), () =>
      ensureUser(db, {
        ...who,
        name,
        nickname: role,
        permission: "admin",
        adminRole: role,
        referralCode: code,
      }),
    );
  }
  await ensureInvitation(db, adminId);
  const memberId = await atTime(at(182, 21, 14), () =>
    ensureUser(db, {
      ...DEMO_MEMBER,
      name: "Taro Yamada",
      nickname: "taro",
      permission: "member",
      referralCode: "taro2026",
    }),
  );
  const friendId = await atTime(at(176, 20, 3), () =>
    ensureUser(db, {
      ...DEMO_FRIEND,
      name: "Hanako Sato",
      nickname: "hanako",
      permission: "member",
      referralCode: "hanako26",
      referrerId: memberId,
    }),
  );
  const richId = await atTime(at(170, 12, 40), () =>
    ensureUser(db, {
      ...DEMO_RICH,
      name: "Ken Suzuki",
      nickname: "ken",
      permission: "member",
      referralCode: "ken20260",
    }),
  );
  for (const r of DEMO_REFERRALS) {
    await atTime(at(r.at[0], r.at[1], r.at[2]), () =>
      ensureUser(db, {
        email: r.email,
        password: DEMO_MEMBER.password,
        name: r.name,
        nickname: r.nickname,
        permission: "member",
        referralCode: r.code,
        referrerId: memberId,
      }),
    );
  }
  // The rest of the ranking: members who joined over the six months (tools/seed/crowd.ts).
  const crowd: { id: string; joined: number }[] = [];
  for (const [i, c] of DEMO_CROWD.entries()) {
    const id = await atTime(at(c.joined, 8 + (i % 14), (i * 17) % 60), () =>
      ensureUser(db, {
        email: crowdEmail(c.nickname),
        password: DEMO_MEMBER.password,
        name: c.name,
        nickname: c.nickname,
        permission: "member",
        referralCode: `crowd${String(i + 1).padStart(3, "0")}`,
      }),
    );
    crowd.push({ id, joined: c.joined });
  }
  await seedBrokers(db, { adminId, memberId, others: [friendId, richId] });
  // The marathon is running while the demo import credits the cashback, then stopped.
  const marathon = await startDemoMarathon(db, adminId);
  await seedCashback(db, { adminId, memberId, others: [friendId, richId] });
  await stopDemoMarathon(db, adminId, marathon);
  await seedCrowdTrading(db, { adminId, members: crowd });
  // Exness's rate change announced after the fact, and the adjustment batch that settled it.
  await seedRateAdjustment(db, adminId, team.finance!);
  await seedGachas(db, { adminId });
  await seedBattle(db, { adminId });
  await seedMoney(db, {
    adminId,
    financeId: team.finance!,
    memberId,
    friendId,
    friendEmail: DEMO_FRIEND.email,
    richId,
  });
  await seedZenginRequester(db, adminId);
  await seedPopup(db, { adminId });
  await seedCampaigns(db, { adminId, memberId });
  await seedEas(db, { adminId, memberId });
  await seedLegal(db, {
    adminId,
    memberIds: [memberId, friendId, richId, ...crowd.map((c) => c.id)],
  });
  await seedHelp(db, { adminId });
  await seedChats(db, { adminId, memberId, friendId });
  return { admin: DEMO_ADMIN, member: DEMO_MEMBER };
}

/**
 * One invitation waiting on the team tab, sent by the owner. Its token is random and thrown
 * away: only a mail would carry the link, and the demo sends none.
 */
async function ensureInvitation(db: Db, ownerId: string): Promise<void> {
  const existing = await db.kysely
    .selectFrom("admin_invitations")
    .select("id")
    .where("email", "=", DEMO_INVITEE.email)
    .executeTakeFirst();
  if (existing) return;
  const now = new Date();
  await db.kysely
    .insertInto("admin_invitations")
    .values({
      id: newId(),
      email: DEMO_INVITEE.email,
      name: DEMO_INVITEE.name,
      role_id: DEMO_INVITEE.roleId,
      token_hash: createHash("sha256").update(randomBytes(32)).digest("hex"),
      invited_by: ownerId,
      created_at: toDbTime(now),
      expires_at: toDbTime(new Date(now.getTime() + INVITATION_TTL_MS)),
    })
    .execute();
}
