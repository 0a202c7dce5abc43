import type { Db } from "#db";
import { adminWithCaller, type Caller } from "./fixtures";

type PublishInput = Parameters<Caller["legal"]["publish"]>[0];

/** A terms version that asks every member to agree again, with its summary in both languages. */
export const RECONSENT_TERMS = {
  kind: "terms",
  body: "# 利用規約\n本文",
  bodyEn: "",
  summary: "第5条を変更しました",
  summaryEn: "Article 5 changed",
  reconsent: true,
} as const satisfies PublishInput;

/**
 * Publishes a legal version and puts it in force: one asking members to agree again waits for
 * a second admin, so a fresh admin approves it here. For tests about what a version in force
 * does, not about its approval.
 */
export async function publishInForce(db: Db, admin: Caller, input: PublishInput) {
  const made = await admin.legal.publish(input);
  if (!("awaiting" in made)) return made;
  const awaiting = (await admin.legal.adminDocument({ kind: input.kind })).awaiting;
  if (!awaiting) throw new Error("the version awaiting its second approval is missing");
  const checker = await adminWithCaller(db);
  return checker.caller.legal.approve({ id: awaiting.id });
}
