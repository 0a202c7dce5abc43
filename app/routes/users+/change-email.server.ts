/**
 * The change-email action's schema, reached through a `.server` module: the browser build
 * drops this import with the action, where an import of server/domain/account kept that
 * module's schemas (7.6 KB compressed) in the page's JavaScript.
 */
export { changeEmailInput } from "#domain/account";
