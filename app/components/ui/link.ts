import { focusRing } from "../shell/styles";

/**
 * The look of a text link (back links, "clear filters", links inside text and tables): the one
 * place it is defined. Size and layout are the caller's: `${textLink} text-sm`.
 */
export const textLink = `rounded-sm text-emerald-700 underline dark:text-emerald-400 ${focusRing}`;
