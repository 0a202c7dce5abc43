/**
 * /users/campaign: the sidebar's "Campaign" entry. The same list as /users/campaigns (both
 * addresses are in use), so one module serves them.
 */
export { default, handle, loader, shouldRevalidate } from "./campaigns+/_index";
