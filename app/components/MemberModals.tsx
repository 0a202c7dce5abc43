import { GoalModal, type PendingGoal } from "#app/components/marathon/GoalModal";
import { type PopupContent, PopupModal } from "#app/components/popups/PopupModal";

/**
 * What opens by itself on a member's page: reached marathon goals first; the admin's popup
 * only when there is no goal to show (it then waits for a later page load), so two dialogs
 * never stack. The root loads this module only when there is something to open, so a page
 * without a goal or popup does not download the dialogs.
 */
export default function MemberModals({
  goals,
  popup,
}: {
  goals: PendingGoal[];
  popup: PopupContent | null;
}) {
  if (goals.length > 0) return <GoalModal goals={goals} />;
  return popup ? <PopupModal popup={popup} /> : null;
}
