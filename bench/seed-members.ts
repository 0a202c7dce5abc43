/**
 * bench/seed.ts's first and last generation phases: the calendar, brokers, members and their
 * broker accounts (seedMembers), and the moneyless member activity: gachas and campaigns
 * (seedGachasAndCampaigns). See bench/seed.ts for the dataset as a whole.
 */
import { hashPassword } from "#server/auth/password";
import { DAY_MS, dbTime, q, type SeedContext, tokyoAt } from "./seed-support";

export const BENCH_PASSWORD = "bench-password-1";
export const BENCH_ADMIN_EMAIL = "admin@bench.test";
/** Admins need a second factor: the bench admin has TOTP with this (base32) secret. */
export const BENCH_ADMIN_TOTP_SECRET = "KRUGS4ZANFZSAYJAMJSW4Y3IEBQWI3LJ";
export const benchMemberEmail = (i: number) => `m${i}@bench.test`;

/** The generated people and calendar, which every later phase draws on. */
export interface Population {
  /** Two years of Tokyo days (YYYY-MM-DD) ending at `end`, their months, each day's month. */
  days: string[];
  months: string[];
  monthOfDay: number[];
  brokers: { id: string; code: string; name: string; kind: string }[];
  adminId: string;
  /** Members in creation order: ids and the day index each registered. */
  userId: string[];
  createdDay: Int32Array;
  /** The trading members, in creation order (a day's loop stops at the first not yet there). */
  traders: number[];
  /** A member's referrer (member index), or -1; referrers are the first `referrers` members. */
  referrer: Int32Array;
  referrers: number;
  /** Approved broker accounts as parallel arrays (member, broker index, id, number). */
  accUser: number[];
  accBroker: number[];
  accId: string[];
  accNumber: string[];
  /** Each member's approved accounts (indexes into the arrays above). */
  approvedOf: number[][];
}

/** Calendar, brokers, the admin, members and broker accounts. */
export async function seedMembers(
  { load, rng, id, int, lap }: SeedContext,
  M: number,
  end: string,
): Promise<Population> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  lap("password hash (scrypt, production cost)");

  // ---- calendar: 2 years of Tokyo days ending at `end`
  const endMs = Date.parse(`${end}T00:00:00Z`);
  const DAYS = 730;
  const days: string[] = [];
  for (let d = DAYS - 1; d >= 0; d--)
    days.push(new Date(endMs - d * DAY_MS).toISOString().slice(0, 10));
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];
  const monthOfDay = days.map((d) => months.indexOf(d.slice(0, 7)));

  // ---- brokers
  const brokerDefs = [
    ["XM", "XMTrading", "mt_number"],
    ["AXI", "Axi", "mt_number"],
    ["EXNESS", "Exness", "mt_number"],
    ["TITAN", "TitanFX", "mt_number"],
    ["BYBIT", "Bybit", "uid"],
    ["ERRANTE", "Errante", "mt_number"],
    ["FXGT", "FXGT", "mt_number"],
    ["HFM", "HFM", "customer_id"],
  ] as const;
  const startMs = tokyoAt(days[0]!, 0) - 30 * DAY_MS;
  const brokers = brokerDefs.map(([code, name, kind], i) => ({
    id: id(startMs + i),
    code,
    name,
    kind,
  }));
  for (const [i, b] of brokers.entries()) {
    await load.add(
      "brokers",
      "id, code, name, account_kind, id_charset, id_min_length, id_max_length, signup_url, logo_path, banner_path, auto_rebate, active, display_order, created_at, updated_at",
      `(${q(b.id)}, ${q(b.code)}, ${q(b.name)}, ${q(b.kind)}, ${b.kind === "mt_number" ? "null, null, null" : "'digits', 6, 12"}, 'https://example.com/${b.code.toLowerCase()}', null, null, 0, 1, ${i}, ${q(dbTime(startMs))}, ${q(dbTime(startMs))})`,
    );
  }

  // ---- members, created early-skewed over the two years (index order = creation order)
  const createdDay = new Int32Array(M);
  for (let i = 0; i < M; i++) createdDay[i] = Math.floor(DAYS * rng() * rng());
  createdDay.sort();
  for (let i = 0; i < 10; i++) createdDay[i] = 0; // the bench logins: members since day one
  const userId: string[] = [];
  const trader = new Uint8Array(M);
  const referrer = new Int32Array(M).fill(-1);
  const REFERRERS = Math.max(10, Math.floor(M * 0.03));
  const adminMs = startMs;
  const adminId = id(adminMs);
  const USER_COLS =
    "id, email, email_verified_at, password_hash, name, nickname, permission, language, referral_code, referrer_id, totp_secret, totp_enabled_at, totp_last_step, profile_image, twitter_url, ranking_opt_out, created_at, updated_at";
  await load.add(
    "users",
    USER_COLS,
    `(${q(adminId)}, ${q(BENCH_ADMIN_EMAIL)}, ${q(dbTime(adminMs))}, ${q(passwordHash)}, 'Bench Admin', 'benchadmin', 'admin', 'ja', null, null, ${q(BENCH_ADMIN_TOTP_SECRET)}, ${q(dbTime(adminMs))}, null, null, null, 0, ${q(dbTime(adminMs))}, ${q(dbTime(adminMs))})`,
  );
  for (let i = 0; i < M; i++) {
    const ms = tokyoAt(days[createdDay[i]!]!, 10) + (i % 3600) * 1000;
    userId.push(id(ms));
    trader[i] = i < 10 || rng() < 0.4 ? 1 : 0;
    if (i > 0 && i >= 3 && rng() < 0.3) referrer[i] = Math.floor(rng() * Math.min(i, REFERRERS));
    const t = q(dbTime(ms));
    await load.add(
      "users",
      USER_COLS,
      `(${q(userId[i]!)}, ${q(benchMemberEmail(i))}, ${t}, ${q(passwordHash)}, 'Bench Member ${i}', 'm${i}', 'member', '${i % 5 === 0 ? "en" : "ja"}', 'R${i.toString(36).toUpperCase().padStart(6, "0")}', ${referrer[i]! >= 0 ? q(userId[referrer[i]!]!) : "null"}, null, null, null, null, null, ${rng() < 0.05 ? 1 : 0}, ${t}, ${t})`,
    );
  }

  // ---- broker accounts: 1–3 per member, mostly approved
  const ACCOUNT_COLS =
    "id, user_id, broker_id, account_number, live_number, status, deny_reason, decided_at, decided_by, created_at, updated_at";
  const accUser: number[] = [];
  const accBroker: number[] = [];
  const accId: string[] = [];
  const accNumber: string[] = [];
  const approvedOf: number[][] = Array.from({ length: M }, () => []);
  let accountSerial = 0;
  for (let i = 0; i < M; i++) {
    const n = i < 10 ? 3 : 1 + Math.floor(rng() * rng() * 3);
    const used = new Set<number>();
    for (let k = 0; k < n; k++) {
      let b = int(0, brokers.length - 1);
      while (used.has(b)) b = (b + 1) % brokers.length;
      used.add(b);
      const r = rng();
      const status = k === 0 || r < 0.85 ? "approved" : r < 0.93 ? "pending" : "denied";
      const ms = tokyoAt(days[createdDay[i]!]!, 11) + k * 60_000;
      const aid = id(ms);
      const number = String(100_000 + accountSerial++);
      const t = q(dbTime(ms));
      const decided = status === "pending" ? "null, null" : `${t}, ${q(adminId)}`;
      await load.add(
        "broker_accounts",
        ACCOUNT_COLS,
        `(${q(aid)}, ${q(userId[i]!)}, ${q(brokers[b]!.id)}, '${number}', ${status === "denied" ? "null" : `'${number}'`}, '${status}', ${status === "denied" ? "'bench'" : "null"}, ${decided}, ${t}, ${t})`,
      );
      if (status === "approved") {
        approvedOf[i]!.push(accUser.length);
        accUser.push(i);
        accBroker.push(b);
        accId.push(aid);
        accNumber.push(number);
      }
    }
  }
  await load.drain();
  lap(`users (${M + 1}) and broker accounts (${accountSerial})`);

  const traders: number[] = [];
  for (let i = 0; i < M; i++) if (trader[i]) traders.push(i);
  return {
    days,
    months,
    monthOfDay,
    brokers,
    adminId,
    userId,
    createdDay,
    traders,
    referrer,
    referrers: REFERRERS,
    accUser,
    accBroker,
    accId,
    accNumber,
    approvedOf,
  };
}

/** Gachas (free, item / no-prize rewards: no money moves) and campaigns with entries. */
export async function seedGachasAndCampaigns(
  { load, rng, id, int, lap }: SeedContext,
  { days, adminId, userId, createdDay }: Population,
  /** The load time, for rows without a history of their own. */
  now: string,
) {
  const M = userId.length;
  const DAYS = days.length;
  /**
   * The n-th gacha's or campaign's period: `span` days from a random day at 9:00 Tokyo, with
   * its id; the first two stay open past the last day, so the bench sees running ones.
   */
  const period = (n: number, span: number) => {
    const startDay = int(0, DAYS - span);
    const ms = tokyoAt(days[startDay]!, 9);
    const periodId = id(ms);
    const endMs = n < 2 ? tokyoAt(days[DAYS - 1]!, 0) + span * DAY_MS : ms + span * DAY_MS;
    return { startDay, ms, id: periodId, endMs };
  };

  // ---- gachas
  const G_COLS =
    "id, name, description, image_key, starts_at, ends_at, cost, method, challenge_limit, published, created_by, created_at, updated_at";
  const GR_COLS =
    "id, gacha_id, name, image_key, kind, amount, weight, stock, valid_from, valid_until, valid_days, active, display_order, created_at, updated_at";
  const gachas: { id: string; rewards: string[]; names: string[]; startDay: number }[] = [];
  for (let g = 0; g < 12; g++) {
    const { startDay, ms, id: gid, endMs } = period(g, 60);
    await load.add(
      "gachas",
      G_COLS,
      `('${gid}', 'Bench gacha ${g}', 'Bench', null, '${dbTime(ms)}', '${dbTime(endMs)}', 0, 'weighted', 5, 1, '${adminId}', '${dbTime(ms)}', '${dbTime(ms)}')`,
    );
    const rewards: string[] = [];
    const names: string[] = [];
    for (let k = 0; k < 3; k++) {
      const rid = id(ms + k + 1);
      rewards.push(rid);
      names.push(k === 2 ? "None" : `Item ${k}`);
      await load.add(
        "gacha_rewards",
        GR_COLS,
        `('${rid}', '${gid}', '${names[k]}', null, '${k === 2 ? "none" : "item"}', null, ${k === 2 ? 70 : 15}, null, null, null, null, 1, ${k}, '${dbTime(ms)}', '${dbTime(ms)}')`,
      );
    }
    gachas.push({ id: gid, rewards, names, startDay });
  }
  const plays = new Map<string, number>();
  let logs = 0;
  for (let n = 0; n < M; n++) {
    const i = int(0, M - 1);
    const g = gachas[int(0, gachas.length - 1)]!;
    const key = `${g.id}|${i}`;
    const p = plays.get(key) ?? 0;
    if (p >= 5) continue;
    plays.set(key, p + 1);
    const d = int(Math.max(g.startDay, createdDay[i]!), Math.min(g.startDay + 59, DAYS - 1));
    const ms = tokyoAt(days[d]!, 20) + int(0, 3_599_999);
    const k = rng() < 0.3 ? int(0, 1) : 2;
    await load.add(
      "gacha_logs",
      "id, gacha_id, reward_id, user_id, request_key, cost, reward_kind, reward_name, amount, valid_from, valid_until, used_at, created_at",
      `('${id(ms)}', '${g.id}', '${g.rewards[k]}', '${userId[i]}', 'bench-${n}', 0, '${k === 2 ? "none" : "item"}', '${g.names[k]}', null, null, null, null, '${dbTime(ms)}')`,
    );
    logs++;
  }
  for (const [key, p] of plays) {
    const [gid, i] = key.split("|") as [string, string];
    await load.add(
      "gacha_plays",
      "gacha_id, user_id, plays, created_at, updated_at",
      `('${gid}', '${userId[Number(i)]}', ${p}, ${now}, ${now})`,
    );
  }
  let campaignEntries = 0;
  for (let k = 0; k < 10; k++) {
    const { ms, id: cid, endMs } = period(k, 30);
    await load.add(
      "campaigns",
      "id, title, body, image_key, starts_at, ends_at, conditions, capacity, active, created_by, created_at, updated_at",
      `('${cid}', 'Bench campaign ${k}', 'Bench', null, '${dbTime(ms)}', '${dbTime(endMs)}', 'None', null, 1, '${adminId}', '${dbTime(ms)}', '${dbTime(ms)}')`,
    );
    const seen = new Set<number>();
    for (let n = 0; n < Math.floor(M / 20); n++) {
      const i = int(0, M - 1);
      if (seen.has(i)) continue;
      seen.add(i);
      await load.add(
        "campaign_entries",
        "id, campaign_id, user_id, created_at",
        `('${id(ms + n)}', '${cid}', '${userId[i]}', '${dbTime(ms + n * 1000)}')`,
      );
      campaignEntries++;
    }
  }
  await load.drain();
  lap(`gachas (${gachas.length}, ${logs} logs), campaigns (10, ${campaignEntries} entries)`);
}
