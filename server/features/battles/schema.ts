import { z } from "zod";
import { idInput, required } from "../../lib/input";
import { battleInput } from "../../domain/battle";
import { isId } from "#db/id";

/**
 * Ranking battles: the admin's form and the procedures' inputs. Messages are keys under
 * `errors:field` (the form's own keys are translated by the battle pages).
 */

export { idInput };
export * from "../../domain/battle";

/** The member's page: one battle by id, or (none given) the current or latest one. */
export const viewInput = z.object({
  id: z.string().refine(isId, "notFound").optional().catch(undefined),
});

/** The English title may be left out by callers that write no translation (seeds, scripts). */
export type BattleValues = Omit<z.output<typeof battleInput>, "titleEn"> & {
  titleEn?: string | null;
};

export const createBattleInput = battleInput;
export const updateBattleInput = z.object({
  id: z.string({ error: required }).refine(isId, "notFound"),
  battle: battleInput,
});
