/**
 * The website button's address: the configured external site (a new tab), or the portal's own
 * public home /welcome when none is configured (the same tab, it is part of the portal).
 */
export function isExternal(url: string): boolean {
  return !url.startsWith("/");
}

export function externalAttrs(url: string) {
  return isExternal(url) ? { target: "_blank", rel: "noopener noreferrer" } : {};
}
