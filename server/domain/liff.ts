import * as z from "zod";

/**
 * The portal pages the LINE rich menu opens inside LINE (LIFF), by name. The LIFF landing page
 * takes only these names and the server turns a name into its path, so what a LIFF URL carries
 * can never send the member anywhere but one of these pages of this site.
 */
export const LIFF_PAGES = {
  dashboard: "/users",
  statement: "/users/statement",
  withdraw: "/users/withdraw/new",
  cashback: "/users/cashback",
  chat: "/users/chat",
} as const;

export type LiffPage = keyof typeof LIFF_PAGES;

export const LIFF_PAGE_NAMES = Object.keys(LIFF_PAGES) as LiffPage[];

export function isLiffPage(value: unknown): value is LiffPage {
  return typeof value === "string" && Object.hasOwn(LIFF_PAGES, value);
}

/** The LIFF landing page on this site (the LIFF app's endpoint URL is `<origin>/liff`). */
export const LIFF_PATH = "/liff";

/**
 * The LIFF URL of a page: LINE opens the endpoint URL with the path appended
 * (`<origin>/liff/statement`) once the SDK has started, inside LINE or in a browser.
 */
export function liffUrl(liffId: string, page: LiffPage): string {
  return `https://liff.line.me/${liffId}/${page}`;
}

/**
 * What the LIFF page posts: the ID token the LIFF SDK holds (a JWT, verified by LINE, never
 * read here) and the page to open by name.
 */
export const liffSignInInput = z.object({
  idToken: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
  page: z.enum(LIFF_PAGE_NAMES as [LiffPage, ...LiffPage[]]),
});
