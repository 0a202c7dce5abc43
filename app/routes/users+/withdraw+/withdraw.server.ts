/**
 * The cancel form's schema, reached through a `.server` module: the browser build drops this
 * import with the action, where an import of a server/domain schema would keep it in the history
 * page's JavaScript.
 */
export { withdrawalIdInput } from "#domain/withdrawal-id";
