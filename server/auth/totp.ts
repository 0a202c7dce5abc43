import { generateSecret, generateSync, generateURI, verifySync } from "otplib";

/**
 * RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30-second steps: the authenticator apps' defaults) on
 * otplib, which also does the Base32 secrets and otpauth URIs. This module keeps the portal's
 * own rules: one step of clock drift either way, and a step is accepted once (replay).
 */
const PERIOD = 30;

/** A new Base32 secret of 20 random bytes (160 bits, RFC 4226's recommendation). */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function timeStep(now = Date.now()): number {
  return Math.floor(now / 1000 / PERIOD);
}

/** The code of one time step (tests and the demo's code printer use it). */
export function totpAt(secret: string, step: number): string {
  return generateSync({ secret, epoch: step * PERIOD, period: PERIOD });
}

/**
 * The time step a code belongs to (current one ±1 for clock drift), or null. The caller stores
 * the accepted step and passes it as `lastStep` next time: that step and every earlier one are
 * refused, so a code cannot be replayed.
 */
export function verifyTotp(
  secret: string,
  code: string,
  options: { now?: number; lastStep?: number | null } = {},
): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = verifySync({
    secret,
    token,
    period: PERIOD,
    epoch: Math.floor((options.now ?? Date.now()) / 1000),
    epochTolerance: PERIOD,
    ...(options.lastStep != null ? { afterTimeStep: options.lastStep } : {}),
  });
  // otplib's result type covers HOTP too; a TOTP match carries its time step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

export function otpauthUri(secret: string, account: string, issuer: string): string {
  return generateURI({
    issuer,
    label: account,
    secret,
    period: PERIOD,
    digits: 6,
    algorithm: "sha1",
  });
}
