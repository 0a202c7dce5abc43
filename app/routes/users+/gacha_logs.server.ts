/**
 * The item-use form's schema, reached through a `.server` module: the browser build drops this
 * import with the action, where an import of server/domain/gacha would keep the admin's gacha
 * and reward schemas in the page's JavaScript.
 */
export { useItemInput } from "#domain/gacha";
