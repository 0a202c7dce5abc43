import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as common } from "@zxcvbn-ts/language-common";
import { dictionary as english } from "@zxcvbn-ts/language-en";

/**
 * Passwords checked against lists of common and breached passwords shipped with the code
 * (zxcvbn's common dictionary: no network), as OWASP ASVS 2.1.7 asks: `Password1` meets the
 * length and character rules and is among the first guesses of any attacker. Server-only: the
 * dictionaries are megabytes and never reach the browser.
 */
let zxcvbn: ZxcvbnFactory | undefined;

/**
 * Builds the ranked dictionaries now (about 0.3 s of CPU, more on a busy machine) so that the
 * first registration or reset after a start does not pay for it.
 */
export function preparePasswordCheck(): void {
  estimator();
}

function estimator(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common, ...english },
    graphs: adjacencyGraphs,
  });
  return zxcvbn;
}

/** The lowest zxcvbn score accepted (0–4): 3 is "safely unguessable" against online attacks. */
export const MIN_PASSWORD_SCORE = 3;

/** Whether a password is too easy to guess; the person's own details count as guessable. */
export function isGuessablePassword(password: string, userInputs: string[] = []): boolean {
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[@.\s]+/)]).filter((v) => v.length >= 3);
  return estimator().check(password.slice(0, 128), inputs).score < MIN_PASSWORD_SCORE;
}
