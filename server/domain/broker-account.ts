/**
 * A member's account at a broker, as its id is written (pure: the bank page shows the id the
 * member typed as it will be stored, and the services store and compare ids this way).
 */

/**
 * How account ids are compared and stored: full-width characters become half-width (NFKC: a
 * number typed on a Japanese keyboard is the same number), spaces around are dropped and
 * letters are upper-cased, so "ab123" and "ＡＢ１２３" are one account, never two.
 */
export function normalizeAccountId(raw: string): string {
  return raw.normalize("NFKC").trim().toUpperCase();
}
