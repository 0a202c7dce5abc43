import * as z from "zod";

/**
 * The public home's pitch (/welcome): up to three short lines the admin writes in Japanese,
 * with an optional English version. Pure: the admin form checks it with the same schema.
 */
export const HERO_MAX_LINES = 3;
export const HERO_LINE_MAX = 80;

/** The text's lines as shown: CR/LF either way, each trimmed, blank ones dropped. */
export function heroLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const heroText = z
  .string()
  .max(HERO_MAX_LINES * (HERO_LINE_MAX + 2), "tooLong")
  .refine((v) => heroLines(v).length <= HERO_MAX_LINES, "heroLines")
  .refine((v) => heroLines(v).every((line) => line.length <= HERO_LINE_MAX), "heroLine");

export const heroInput = z.object({ heroJa: heroText, heroEn: heroText }).superRefine((v, ctx) => {
  // English is a translation: it needs the Japanese.
  if (heroLines(v.heroEn).length > 0 && heroLines(v.heroJa).length === 0)
    ctx.addIssue({ code: "custom", path: ["heroJa"], message: "required" });
});

export interface Hero {
  ja: string[];
  en: string[];
}
