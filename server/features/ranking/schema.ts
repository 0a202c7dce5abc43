import { z } from "zod";

export const GENRES = ["cashback", "withdrawal", "affiliate"] as const;
export const SCOPES = ["month", "year", "all"] as const;
export type Scope = (typeof SCOPES)[number];

/** Bad values in the URL fall back to the defaults. */
export const rankingInput = z.object({
  genre: z.enum(GENRES).catch("cashback").default("cashback"),
  scope: z.enum(SCOPES).catch("month").default("month"),
});
export type RankingInput = z.infer<typeof rankingInput>;
