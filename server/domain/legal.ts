import * as z from "zod";
import { checkbox, required as present } from "./fields";
import { englishText } from "./form-fields";

/**
 * The legal documents the portal publishes (pure: the browser and the server share it). Members
 * agree to the terms of use and the privacy policy; the 特定商取引法 disclosure and the company
 * page are read, not agreed to.
 */
export const LEGAL_KINDS = ["terms", "privacy", "legal", "company"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** The documents a member accepts at registration and again when a version asks for it. */
export const CONSENT_KINDS = ["terms", "privacy"] as const satisfies readonly LegalKind[];
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export function isConsentKind(kind: LegalKind): kind is ConsentKind {
  return (CONSENT_KINDS as readonly string[]).includes(kind);
}

/**
 * A document's Markdown, in characters: 16,000 of the widest (4-byte) characters still fit
 * MySQL's `text` (65,535 bytes), and a long terms of use is about a third of it.
 */
export const MAX_BODY = 16_000;
export const MAX_SUMMARY = 2_000;

/** Each document's public page. */
export const LEGAL_PATHS: Record<LegalKind, string> = {
  terms: "/terms",
  privacy: "/privacy",
  legal: "/legal",
  company: "/company",
};

/**
 * Agreeing to the terms of use and the privacy policy (registration, the notice of a new
 * version): the ticked checkbox ("on") from a form, or true from another caller; anything else,
 * a missing box included, is refused with errors:field.agreeRequired.
 */
export const agreement = z.union([z.literal(true), z.literal("on")], { error: "agreeRequired" });

const lf = (v: string) => v.replace(/\r\n?/g, "\n").trim();

/** A new version's texts as the editor sends them; the English ones are optional. */
const versionFields = {
  body: z
    .string({ error: "required" })
    .transform(lf)
    .pipe(z.string().min(1, present).max(MAX_BODY, "tooLong")),
  bodyEn: englishText(MAX_BODY),
  summary: z
    .string()
    .optional()
    .transform((v) => lf(v ?? ""))
    .pipe(z.string().max(MAX_SUMMARY, "tooLong"))
    .transform((v) => (v === "" ? null : v)),
  summaryEn: englishText(MAX_SUMMARY),
  /** Ask members to agree again (the editor's checkbox). */
  reconsent: checkbox,
};

function versionRules(
  v: { kind: LegalKind; summary: string | null; reconsent: boolean },
  ctx: z.RefinementCtx,
) {
  // Members asked to agree again read what changed: the notice shows this summary.
  if (v.reconsent && v.summary === null) {
    ctx.addIssue({ code: "custom", path: ["summary"], message: "legalSummaryRequired" });
  }
  if (v.reconsent && !isConsentKind(v.kind)) {
    ctx.addIssue({ code: "custom", path: ["reconsent"], message: "legalNotAgreed" });
  }
}

/** Publishing a document's next version. Messages are keys under errors:field. */
export const publishInput = z
  .object({ kind: z.enum(LEGAL_KINDS), ...versionFields })
  .superRefine(versionRules);

/** The editor's form for one document: its kind is the page's address, not a field. */
export const publishForm = (kind: LegalKind) =>
  z.object(versionFields).superRefine((v, ctx) => versionRules({ ...v, kind }, ctx));
