import * as z from "zod";
import { checkbox } from "./fields";

/**
 * What a LINE Login started by a signed-in member is for, by name, and the page it comes back
 * to. Linking adds a way into the account, so it follows a step-up; "reauth" is the step-up
 * itself for a member whose only way in is LINE. The page is one of these names, never a path
 * from the request.
 */
export const LINE_LOGIN_STARTS = {
  /** Link from the LINE page (notifications). */
  line: { purpose: "link", back: "line" },
  /** Link from the security page. */
  security: { purpose: "link", back: "security" },
  /** Confirm it is you through LINE on the security page. */
  "reauth-security": { purpose: "reauth", back: "security" },
  /** Confirm it is you through LINE on the profile page (payment details). */
  "reauth-profile": { purpose: "reauth", back: "profile" },
} as const;

export type LineLoginStart = keyof typeof LINE_LOGIN_STARTS;
export type LineLoginBack = (typeof LINE_LOGIN_STARTS)[LineLoginStart]["back"];

export const LINE_BACK_PATHS: Record<LineLoginBack, string> = {
  line: "/users/line-connect",
  security: "/users/security",
  profile: "/users/mypage",
};

export const lineStartInput = z.object({
  for: z
    .enum(Object.keys(LINE_LOGIN_STARTS) as [LineLoginStart, ...LineLoginStart[]])
    .default("line"),
});

export function isLineBack(value: unknown): value is LineLoginBack {
  return typeof value === "string" && Object.hasOwn(LINE_BACK_PATHS, value);
}

/**
 * Which notifications the member wants on LINE: the page's switches ("on" or not sent), or
 * true/false from another caller.
 */
export const preferencesInput = z.object({
  withdrawal: checkbox,
  transfer: checkbox,
  marathon: checkbox,
  support: checkbox,
});
