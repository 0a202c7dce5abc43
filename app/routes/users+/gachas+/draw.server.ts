import { drawInput } from "#domain/gacha";

/**
 * The draw's form, reached through a `.server` module: the browser build drops this import with
 * the action, where an import of server/domain/gacha would keep the admin's gacha and reward
 * schemas in the page's JavaScript. The gacha is the page's (its address), not the form's.
 */
export const drawForm = drawInput.pick({ requestKey: true });
