import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * A page's data is read again after every form sent from it, refused ones (4xx, 5xx) too: a
 * refusal often means the data moved under the page (a campaign filled up, a balance spent
 * elsewhere), and the page then shows why. Single fetch reads again after a success only
 * unless a route asks; every page and layout asks with this.
 */
export const revalidateAfterRefusal: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || (actionStatus !== undefined && actionStatus >= 400);
