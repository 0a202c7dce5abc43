import { availableParallelism } from "node:os";
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (about 128 MiB and a few hundred ms). */
const PRODUCTION = { N: 2 ** 17, r: 8, p: 1 };
/** Tests hash thousands of passwords; the format records N, so either verifies the other. */
const FAST = { N: 2 ** 10, r: 8, p: 1 };
const KEYLEN = 32;

function params() {
  return process.env.NODE_ENV === "test" ? FAST : PRODUCTION;
}

/** "scrypt$N$r$p$salt$hash", base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = params();
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEYLEN, {
    N,
    r,
    p,
    maxmem: 256 * N * r,
  });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** The largest N a stored hash may ask for: beyond it, a tampered hash could exhaust memory. */
const MAX_N = 2 ** 20;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6) return false;
  const [scheme, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  if (scheme !== "scrypt" || !salt || !hash) return false;
  if (![n, r, p].every((v) => /^\d{1,8}$/.test(v))) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  // N a power of two; r and p small. Anything else was not written by hashPassword.
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || R < 1 || R > 32 || P < 1 || P > 16) {
    return false;
  }
  const expected = Buffer.from(hash, "base64url");
  // A shortened key would make a wrong password match by chance (1 in 256 for one byte).
  if (expected.length !== KEYLEN) return false;
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), KEYLEN, {
    N,
    r: R,
    p: P,
    maxmem: 256 * N * R,
  });
  return timingSafeEqual(key, expected);
}

/** Who asks for a hash: what the slots bound and how they rank the request. */
export interface HashClaim {
  /** The client's address (null: the server's own work, such as a signed-in password change). */
  address: string | null;
  /** The account the password is for, when known: a few checks of one account at once. */
  account?: string | null;
  /**
   * The address has no other recent attempt: it may use the places kept back for such
   * addresses and goes ahead of the others in the queue, so a burst from addresses that are
   * failing cannot refuse or hold up someone signing in from elsewhere.
   */
  clean?: boolean;
  /** Fewer places for this address than usual (an address being slowed down). */
  perAddress?: number;
  /** Waited while holding the address's and account's places, before a hashing slot. */
  delayMs?: number;
}

/** Places taken at the door; released when the attempt is over, whatever happened. */
export interface Admission {
  /** How many places the address holds now, this one included. */
  readonly addressHeld: number;
  release(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Password hashing is the one costly step a visitor can start at will (about 128 MiB and a few
 * hundred ms of a core each). A bounded number run at once and a short queue waits. Before the
 * queue, each address and each account may hold only a few places (in the queue or running),
 * so one client's burst is refused at its own door; and part of the queue is kept for addresses
 * with no recent attempts, which are also served first. Anything beyond is refused at once.
 *
 * Slots may give way to a lane ahead of them (`ahead`): while that lane has attempts in hand,
 * these start no hash beyond `concurrent` less those attempts (one at least), so the cores go
 * to the lane ahead after at most one hash already running, and the scrypt calls of both lanes
 * stay within libuv's four threads (a hash of the lane ahead never queues there behind ours).
 */
export class HashSlots {
  private running = 0;
  private keptRunning = 0;
  /** Admissions not yet released: attempts in hand, hashing or not yet. */
  private admitted = 0;
  private readonly clean: ((kept: boolean) => void)[] = [];
  private readonly others: ((kept: boolean) => void)[] = [];
  private readonly held = new Map<string, number>();
  /** Lanes that give way to this one: told when an attempt here ends. */
  private readonly behind: HashSlots[] = [];

  constructor(
    private readonly limits: {
      concurrent: number;
      queue: number;
      perAddress: number;
      /** Queue places only clean addresses may take (default: none kept back). */
      reserved?: number;
      /** Hashes beyond `concurrent` that only clean addresses may run (default: none). */
      reservedRunning?: number;
      /** Places one account may hold (default: unbounded). */
      perAccount?: number;
    },
    private readonly ahead?: HashSlots,
  ) {
    ahead?.behind.push(this);
  }

  private get queued() {
    return this.clean.length + this.others.length;
  }

  /** Attempts in hand here: admitted ones, and hashes running or waiting without admission. */
  get active(): number {
    return Math.max(this.admitted, this.running + this.keptRunning + this.queued);
  }

  /** How many hashes may run now: fewer while the lane ahead has attempts in hand. */
  private limit(): number {
    const ahead = this.ahead?.active ?? 0;
    return ahead === 0 ? this.limits.concurrent : Math.max(1, this.limits.concurrent - ahead);
  }

  /** The slot kept for clean addresses, unless the lane ahead has attempts in hand. */
  private keptFree(): boolean {
    return (this.ahead?.active ?? 0) === 0 && this.keptRunning < (this.limits.reservedRunning ?? 0);
  }

  /**
   * Whether a hash could start or wait here now: false when every slot runs and the queue is
   * full even for a clean address. Checked at the door, before any database work, so a flood
   * past the pool's size is refused for nothing.
   */
  hasRoom(): boolean {
    return this.running < this.limit() || this.keptFree() || this.queued < this.limits.queue;
  }

  /**
   * Takes the claim's places at the door (its address's and its account's), or null when they
   * are taken. Cheap and in memory: a sign-in asks here before any database work, so a burst
   * is turned away before it costs anyone else anything.
   */
  admit(
    claim: Partial<Pick<HashClaim, "address" | "account" | "perAddress" | "clean">>,
  ): Admission | null {
    const keys: [string, number][] = [];
    if (claim.address !== undefined) {
      keys.push([`a:${claim.address ?? ""}`, claim.perAddress ?? this.limits.perAddress]);
    }
    // An address with no recent attempt is never held back by the account's bound: otherwise
    // guesses at an account from elsewhere would keep its owner out.
    if (claim.account) {
      keys.push([
        `u:${claim.account}`,
        claim.clean ? Infinity : (this.limits.perAccount ?? Infinity),
      ]);
    }
    if (keys.some(([key, max]) => (this.held.get(key) ?? 0) >= max)) return null;
    for (const [key] of keys) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    this.admitted++;
    let released = false;
    return {
      addressHeld: keys[0] ? (this.held.get(keys[0][0]) ?? 1) : 0,
      release: () => {
        if (released) return;
        released = true;
        this.admitted--;
        for (const [key] of keys) {
          const left = (this.held.get(key) ?? 1) - 1;
          if (left > 0) this.held.set(key, left);
          else this.held.delete(key);
        }
        this.wakeBehind();
      },
    };
  }

  /**
   * Runs `fn` in a hashing slot for an admitted claim, or returns "busy" when the queue is full.
   * A clean claim may also take the slot kept for clean addresses (`reservedRunning`), so it
   * does not even wait for a hash a burst started.
   */
  async hash<T>(
    claim: Pick<HashClaim, "clean" | "delayMs">,
    fn: () => Promise<T>,
  ): Promise<T | "busy"> {
    if (claim.delayMs) await sleep(claim.delayMs);
    let kept = false;
    if (this.queued === 0 && this.running < this.limit()) {
      this.running++;
    } else if (claim.clean && this.clean.length === 0 && this.keptFree()) {
      this.keptRunning++;
      kept = true;
    } else {
      const room = this.limits.queue - (claim.clean ? 0 : (this.limits.reserved ?? 0));
      if (this.queued >= room) return "busy";
      kept = await new Promise<boolean>((resolve) =>
        (claim.clean ? this.clean : this.others).push(resolve),
      );
    }
    try {
      return await fn();
    } finally {
      if (kept) this.keptRunning--;
      else this.running--;
      this.pump();
      this.wakeBehind();
    }
  }

  /** Starts waiting hashes while slots allow: clean addresses first, the kept slot only them. */
  private pump(): void {
    for (;;) {
      if (this.running < this.limit()) {
        const next = this.clean.shift() ?? this.others.shift();
        if (!next) return;
        this.running++;
        next(false);
      } else if (this.clean.length > 0 && this.keptFree()) {
        this.keptRunning++;
        this.clean.shift()!(true);
      } else {
        return;
      }
    }
  }

  /** An attempt here ended: lanes that gave way to it may start what waits. */
  private wakeBehind(): void {
    for (const lane of this.behind) lane.pump();
  }

  /** How many places the address holds at the door now. */
  addressHeld(address: string | null): number {
    return this.held.get(`a:${address ?? ""}`) ?? 0;
  }

  /** Admits and runs `fn` in a slot, or returns "busy" without running it. */
  async run<T>(who: string | null | HashClaim, fn: () => Promise<T>): Promise<T | "busy"> {
    const claim: HashClaim = typeof who === "object" && who !== null ? who : { address: who };
    const admission = this.admit(claim);
    if (!admission) return "busy";
    try {
      return await this.hash(claim, fn);
    } finally {
      admission.release();
    }
  }
}

/** libuv's thread pool, where scrypt runs (and file and zlib work): its size is read at start. */
const UV_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const KNOWN_DEVICE_RUNNING = 2;

/**
 * Hashing slots for sign-ins from known devices (a valid device cookie for the account), ahead
 * of the shared pool: a flood from any number of addresses fills that pool, never these, and
 * while one of these is in hand the pool starts no hash that would take its core. Two running,
 * sixteen waiting, two places per device and per account at once.
 */
export const knownDeviceSlots = new HashSlots({
  concurrent: KNOWN_DEVICE_RUNNING,
  queue: 16,
  perAddress: 2,
  perAccount: 2,
});

/**
 * The shared pool for every other hash: one per core, as many as libuv's threads leave beside
 * the known devices' two (two with the default four threads), and one more kept for addresses
 * with no recent attempt; sixteen waiting, half of them kept for those addresses; two places
 * per address and two per account. It gives way to the known devices' slots.
 */
export const hashSlots = new HashSlots(
  {
    concurrent: Math.max(1, Math.min(availableParallelism(), UV_THREADS - KNOWN_DEVICE_RUNNING)),
    reservedRunning: 1,
    queue: 16,
    reserved: 8,
    perAddress: 2,
    perAccount: 2,
  },
  knownDeviceSlots,
);
