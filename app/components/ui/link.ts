import { focusRing } from "../shell/styles";

/**
 * The look of a text link (back links, "clear filters", links inside text and tables): the one
 * place it is defined. Size and layout are the caller's: `${textLink} text-sm`.
 */
export const textLink = `rounded-sm text-emerald-700 underline dark:text-emerald-400 ${focusRing}`;

/**
 * A text link that stands on its own (not inside a sentence): a 44 px touch target, its text
 * centred in it. Size of the text is the caller's: `${actionLink} text-sm`.
 */
export const actionLink = `inline-flex min-h-11 items-center ${textLink}`;
