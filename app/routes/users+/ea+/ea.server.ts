import { requestLicenseInput } from "#domain/ea";

/**
 * The licence request's form, reached through a `.server` module: the browser build drops this
 * import with the action, where an import of server/domain/ea would keep the admin's EA schemas
 * in the page's JavaScript. The EA is the page's (its address), not the form's.
 */
export const licenseRequestForm = requestLicenseInput.pick({ accountId: true });
