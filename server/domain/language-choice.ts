import * as z from "zod";
import { SUPPORTED_LANGUAGES } from "./language";

/**
 * The language a person picks with the switch, kept on a signed-in account for its mail and
 * LINE messages. Apart from language.ts, which every page loads (i18n), and from the profile
 * forms' module, so that neither carries this schema to the browser.
 */
export const setLanguageInput = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });
