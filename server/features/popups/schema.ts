import { z } from "zod";
import { fileInput, imageInput } from "../../domain/form-fields";
import { popupInput } from "../../domain/popup";
import { idInput, recordId } from "../../lib/input";
import { filterChoice, pagingSchema } from "../../lib/paging";

/**
 * Popups: the admin's form and the procedures' inputs. One schema for the form (the route
 * passes the form's strings) and the procedure. Messages are i18n keys under `errors:field`
 * (popup-specific ones under `popup:fieldErrors`).
 */

export const POPUP_STATES = ["showing", "scheduled", "ended", "inactive"] as const;
export type PopupState = (typeof POPUP_STATES)[number];

export { fileInput, idInput, imageInput };
export * from "../../domain/popup";

export const createPopupInput = z.object({ popup: popupInput, image: imageInput });
/** An update is the create form plus the record's id. */
export const updatePopupInput = createPopupInput.extend({ id: recordId });

export const adminListInput = pagingSchema(["startsAt", "createdAt"], {
  sort: "startsAt",
  dir: "desc",
}).extend({ state: filterChoice(POPUP_STATES) });
