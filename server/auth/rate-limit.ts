import { createHash } from "node:crypto";
import {
  type RateLimiterAbstract,
  RateLimiterMySQL,
  RateLimiterRes,
  RateLimiterSQLite,
} from "rate-limiter-flexible";
import type { Db } from "#db";
import { AppError } from "../errors";
import { limiterRefusals } from "../metrics";

/**
 * Attempt limits, kept by rate-limiter-flexible in the `attempt_limits` table so that every web
 * process shares one count. An attempt is *reserved* (its point consumed atomically) before the
 * password or code is checked: thirty guesses sent at once get at most `points` checks, where a
 * count written after the check let them all through.
 *
 * Following OWASP's advice on lockout and credential stuffing, no rule lets a stranger lock an
 * owner out: wrong passwords count per account *and address* (or per account and known device),
 * so guesses from one address do not block the owner at theirs; and an address past its own,
 * much higher allowance is slowed down rather than locked (`signInSlowdownMs`).
 */
export const RULES = {
  /** Wrong passwords for one account from one address; a sign-in forgives them. */
  signInAccount: { points: 5, duration: 15 * 60 },
  /**
   * Sign-in attempts from one address, whatever the account (password spraying); a sign-in
   * gives its attempt back. Past `points` the address is slowed down, never locked: a shared
   * address (an office, a mobile carrier's CGNAT) keeps working for everyone behind it.
   */
  signInAddress: { points: 100, duration: 15 * 60 },
  /**
   * Wrong passwords from one known device (a valid device cookie for the account): they lock
   * that cookie only, for the window; the device's address and the pool play no part.
   */
  signInDevice: { points: 5, duration: 15 * 60 },
  /**
   * Wrong passwords for one account from devices it was never signed in on, from anywhere:
   * past them the account takes no sign-in from a new device until the window ends, while its
   * known devices still sign in.
   */
  signInNewDevice: { points: 10, duration: 15 * 60 },
  /** Wrong second-factor codes for one account from one address. */
  secondFactor: { points: 5, duration: 15 * 60 },
  /** Wrong second-factor codes for one account from anywhere: only a password holder gets here. */
  secondFactorAccount: { points: 15, duration: 15 * 60 },
  /** Failed re-authentications in one session: when they run out, the session ends. */
  reauthSession: { points: 3, duration: 60 * 60 },
  /** Accounts created from one address. */
  signUpAddress: { points: 10, duration: 60 * 60 },
  /** Account mails (reset, verification, "already registered") to one recipient. */
  mailRecipient: { points: 3, duration: 60 * 60 },
  /** Account mails asked for from one address. */
  mailAddress: { points: 10, duration: 60 * 60 },
  /** Passwordless sign-in challenges handed to one address (each is a stored row). */
  passkeyChallenge: { points: 30, duration: 10 * 60 },
  /** Email-change requests by one member (each mails an address nobody has proven yet). */
  emailChangeMember: { points: 3, duration: 24 * 60 * 60 },
  /** Email-change requests naming one address, by anyone: an outside inbox gets a few a day. */
  emailChangeTarget: { points: 3, duration: 24 * 60 * 60 },
  /** Transfer recipients a member looked up and did not find. */
  recipientLookup: { points: 10, duration: 60 * 60 },
} as const;

export type Rule = keyof typeof RULES;

/** The slowdown per attempt past an address's allowance, and its ceiling. */
export const SLOWDOWN_STEP_MS = 250;
export const SLOWDOWN_MAX_MS = 5000;

/**
 * How long a sign-in from an address waits before its check, given the attempts the address
 * has made in the window (this one included): nothing within the allowance, then a quarter of
 * a second more for each attempt past it, up to five seconds. The count falls back to zero
 * when the window ends, so the wait decays with the attack instead of lasting an hour.
 */
export function signInSlowdownMs(attempts: number): number {
  const over = attempts - RULES.signInAddress.points;
  return over > 0 ? Math.min(SLOWDOWN_MAX_MS, over * SLOWDOWN_STEP_MS) : 0;
}

/** Keys are hashed: bounded length, and no email addresses sitting in the limits table. */
export function limitKey(...parts: (string | null | undefined)[]): string {
  const text = parts.map((p) => (p ?? "-").trim().toLowerCase()).join("\u0000");
  return createHash("sha256").update(text).digest("base64url");
}

export type Reservation = { ok: true; remaining: number } | { ok: false; retryAfterMs: number };

export class AttemptLimiter {
  private readonly limiters = new Map<Rule, RateLimiterAbstract>();

  constructor(private readonly db: Db) {}

  private limiter(rule: Rule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule);
    if (limiter) return limiter;
    const { points, duration } = RULES[rule];
    const native = this.db.native;
    const common = {
      keyPrefix: rule,
      tableName: "attempt_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      points,
      duration,
    };
    limiter =
      native.engine === "mysql"
        ? new RateLimiterMySQL({
            ...common,
            storeClient: native.pool,
            storeType: "pool",
            dbName: native.database,
          })
        : new RateLimiterSQLite({
            ...common,
            storeClient: native.database,
            storeType: "better-sqlite3",
          });
    this.limiters.set(rule, limiter);
    return limiter;
  }

  /**
   * On SQLite the store writes through the same connection as Kysely: run it while holding
   * Kysely's connection, so it never lands inside another request's open transaction.
   * (So never call the limiter from inside a transaction.)
   */
  private run<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.engine === "sqlite" ? this.db.kysely.connection().execute(fn) : fn();
  }

  /** Takes one attempt, or says how long until one is free again. */
  async reserve(rule: Rule, key: string): Promise<Reservation> {
    try {
      const taken = await this.run(() => this.limiter(rule).consume(key));
      this.maybePrune();
      return { ok: true, remaining: taken.remainingPoints };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        limiterRefusals.inc({ rule });
        return { ok: false, retryAfterMs: error.msBeforeNext };
      }
      throw error;
    }
  }

  /**
   * Counts one attempt and returns how many the key has made in the window, this one included,
   * never refusing: for rules that slow a sender down rather than stop them.
   */
  async count(rule: Rule, key: string): Promise<number> {
    try {
      const taken = await this.run(() => this.limiter(rule).consume(key));
      this.maybePrune();
      return taken.consumedPoints;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.consumedPoints;
      throw error;
    }
  }

  /** How many attempts the key has made in the rule's window. */
  async used(rule: Rule, key: string): Promise<number> {
    const state = await this.run(() => this.limiter(rule).get(key));
    return state?.consumedPoints ?? 0;
  }

  /**
   * Whether the rule's attempts are used up for this key, without taking one: for counts of
   * failures only (a check that must not hold back successes running in parallel).
   */
  async usedUp(rule: Rule, key: string): Promise<number | null> {
    const state = await this.run(() => this.limiter(rule).get(key));
    if (!state || state.consumedPoints < RULES[rule].points) return null;
    limiterRefusals.inc({ rule });
    return state.msBeforeNext;
  }

  /** Reserves, or throws "too many attempts" with the minutes to wait. */
  async take(rule: Rule, key: string): Promise<void> {
    const result = await this.reserve(rule, key);
    if (!result.ok) throw tooManyAttempts(result.retryAfterMs);
  }

  /** Gives an attempt back: it was not a guess (the check was never made, or it succeeded). */
  async refund(rule: Rule, key: string): Promise<void> {
    await this.run(() => this.limiter(rule).reward(key, 1));
  }

  /** Forgets the count (a successful sign-in forgives that account's earlier wrong passwords). */
  async forgive(rule: Rule, key: string): Promise<void> {
    await this.run(() => this.limiter(rule).delete(key));
  }

  private lastPrune = 0;

  /** Expired rows only cost space; one process prunes them now and then. */
  private maybePrune(): void {
    const now = Date.now();
    if (now - this.lastPrune < 10 * 60 * 1000) return;
    this.lastPrune = now;
    // Through Kysely, which takes its own connection: not inside run().
    void this.db.kysely
      .deleteFrom("attempt_limits")
      .where("expire", "<", now - 60 * 60 * 1000)
      .execute()
      .catch(() => undefined);
  }
}

export function tooManyAttempts(retryAfterMs: number): AppError {
  return new AppError("TOO_MANY_REQUESTS", "tooManyAttempts", {
    minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)),
  });
}

const byDb = new WeakMap<Db, AttemptLimiter>();

/** One limiter set per database handle (a test's database gets its own). */
export function attemptLimiter(db: Db): AttemptLimiter {
  let limiter = byDb.get(db);
  if (!limiter) {
    limiter = new AttemptLimiter(db);
    byDb.set(db, limiter);
  }
  return limiter;
}
