import { z } from "zod";
import { COURSES } from "../../domain/marathon";

/**
 * Marathons: the members' inputs. The admin editor's inputs are the editor's form, in
 * server/domain/marathon.ts (the browser checks the form with them); re-exported here for the
 * router and the service. Messages are keys under `errors:field`.
 */
export {
  COURSES,
  createMarathonInput,
  goalInput,
  MAX_GOALS,
  MAX_MODAL_TEXT,
  MAX_YEN,
  setActiveInput,
  updateMarathonInput,
  type CreateMarathonInput,
  type GoalInput,
} from "../../domain/marathon";

export const courseInput = z.object({ course: z.enum(COURSES).catch("general") });

/** The goal modal reports what it showed: at most a page of reached goals at once. */
export const markShownInput = z.object({
  ids: z.array(z.string().min(1).max(48)).min(1).max(100),
});
