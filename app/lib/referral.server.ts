/** How long the first referral link a visitor followed is remembered. */
const REF_MAX_AGE = 90 * 24 * 60 * 60;

/** A referral code as links carry it. */
export const REFERRAL_CODE = /^[a-z0-9]{4,16}$/;

/**
 * The attribution a referral link leaves (/register?ref=CODE or /r/CODE): a 90-day cookie read
 * at registration; the first referrer wins, so an existing cookie is never replaced. Returns
 * the Set-Cookie header to send, or null.
 */
export function referralCookie(request: Request, code: string): string | null {
  const hasCookie = /(?:^|;\s*)ref=[^;]+/.test(request.headers.get("Cookie") ?? "");
  if (!REFERRAL_CODE.test(code) || hasCookie) return null;
  return `ref=${code}; Path=/; Max-Age=${REF_MAX_AGE}; HttpOnly; SameSite=Lax`;
}
