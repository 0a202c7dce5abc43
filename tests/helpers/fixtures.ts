import { beforeAll } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Language, Permission } from "#db/schema";
import { nowDb } from "#db/time";
import { hashPassword } from "#server/auth/password";
import { createSession, findSession } from "#server/auth/session";
import { parseConfig } from "#server/config";
import { createLogger } from "#server/logger";
import type { Mailer, MailMessage } from "#server/mail";
import { localStorage, type Storage } from "#server/storage";
import type { Context } from "#server/trpc/context";
import { createCaller } from "#server/trpc/router";
import { fund, givePaymentDetails } from "./money";

export const TEST_PASSWORD = "Passw0rd-test";

/** The TOTP secret of the admins createUser makes (base32). */
export const ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

let counter = 0;

export async function createUser(
  db: Db,
  overrides: Partial<{
    email: string;
    permission: Permission;
    nickname: string;
    name: string;
    verified: boolean;
    password: string;
    /**
     * Admins get TOTP enrolled unless this is false: an admin without a second factor may
     * only enrol one, which only the tests of that rule want.
     */
    secondFactor: boolean;
    /** The member who referred this one (the affiliate programme). */
    referrerId: string;
    /** This member's own referral code, for tests of links that carry it. */
    referralCode: string;
    /** An admin's role (decision 090): owner unless a test says otherwise. */
    adminRole: string;
  }> = {},
) {
  counter += 1;
  const id = newId();
  const now = nowDb();
  const email = overrides.email ?? `user${counter}-${id.slice(-6)}@example.test`;
  await db.kysely
    .insertInto("users")
    .values({
      id,
      email,
      email_verified_at: overrides.verified === false ? null : now,
      password_hash: await hashPassword(overrides.password ?? TEST_PASSWORD),
      name: overrides.name ?? "Test User",
      nickname: overrides.nickname ?? `user${counter}`,
      permission: overrides.permission ?? "member",
      language: "ja",
      referrer_id: overrides.referrerId ?? null,
      ...(overrides.referralCode === undefined ? {} : { referral_code: overrides.referralCode }),
      ...(overrides.permission === "admin"
        ? { admin_role_id: overrides.adminRole ?? "owner" }
        : {}),
      ...(overrides.permission === "admin" && overrides.secondFactor !== false
        ? { totp_secret: ADMIN_TOTP_SECRET, totp_enabled_at: now }
        : {}),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email, password: overrides.password ?? TEST_PASSWORD };
}

export const testConfig = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
export const silentLog = createLogger({ level: "silent" });

/** Collects mail in memory for tests that do not need the SMTP round trip. */
export class MailBox implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  last(template?: MailMessage["template"]): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => !template || m.template === template);
  }
  /** The token from the link in the latest mail of that template. */
  token(template: MailMessage["template"]): string {
    const link = this.last(template)?.params.link;
    const token = link ? new URL(link).searchParams.get("token") : null;
    if (!token) throw new Error(`no ${template} mail with a link`);
    return token;
  }
}

/** Uploads of this test process go to a temporary folder, never to the repository's data/. */
export const testStorage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-uploads-")));

/** A real tRPC context for `createCaller`, signed in as `userId` when given. */
export async function makeContext(
  db: Db,
  userId?: string,
  options: {
    mailer?: Mailer;
    cookies?: Record<string, string>;
    ip?: string;
    storage?: Storage;
    /** The reader's language (the `language` cookie or ?lng); ja when not given. */
    locale?: Language;
  } = {},
): Promise<Context> {
  let session = null;
  if (userId) {
    const { token } = await createSession(db, userId);
    session = await findSession(db, token);
  }
  return {
    db,
    listDb: db,
    wrote: false,
    config: testConfig,
    log: silentLog,
    requestId: "test",
    locale: options.locale ?? "ja",
    session,
    sessionEnded: null,
    ip: options.ip ?? "127.0.0.1",
    userAgent: "vitest",
    mailer: options.mailer ?? new MailBox(),
    storage: options.storage ?? testStorage,
    cookie: (name) => options.cookies?.[name] ?? null,
    resHeaders: new Headers(),
  };
}

export async function callerFor(
  db: Db,
  userId?: string,
  options: Parameters<typeof makeContext>[2] = {},
) {
  return createCaller(await makeContext(db, userId, options));
}

export type Caller = Awaited<ReturnType<typeof callerFor>>;

/** A new admin (TOTP enrolled) and their tRPC caller: most files' first beforeAll step. */
export async function adminWithCaller(
  db: Db,
  options: Parameters<typeof makeContext>[2] = {},
): Promise<{ id: string; caller: Caller }> {
  const { id } = await createUser(db, { permission: "admin" });
  return { id, caller: await callerFor(db, id, options) };
}

/**
 * An admin with a signed-in caller for one file's tests, made in `beforeAll` after the file's
 * database: its fields are there inside tests and hooks, never at import time.
 */
export function fileAdmin(t: { readonly db: Db }): {
  readonly id: string;
  readonly caller: Caller;
} {
  let made: { id: string; caller: Caller } | undefined;
  beforeAll(async () => {
    made = await adminWithCaller(t.db);
  });
  const get = () => {
    if (!made) throw new Error("the file's admins are made in beforeAll");
    return made;
  };
  return {
    get id() {
      return get().id;
    },
    get caller() {
      return get().caller;
    },
  };
}

/** A new member and their signed-in tRPC caller. */
export async function memberWithCaller(db: Db, options: Parameters<typeof makeContext>[2] = {}) {
  const user = await createUser(db);
  return { ...user, caller: await callerFor(db, user.id, options) };
}

/** A member with a balance and full payment details, and their signed-in caller. */
export async function payingMember(db: Db, balance = 0) {
  const user = await createUser(db);
  if (balance) await fund(db, user.id, balance);
  await givePaymentDetails(db, user.id);
  return { ...user, caller: await callerFor(db, user.id) };
}

/** The registration form as a person fills it in: the password typed twice, the terms agreed. */
export function signUp<T extends { password: string }>(form: T) {
  return { ...form, passwordConfirm: form.password, agree: true as const };
}
