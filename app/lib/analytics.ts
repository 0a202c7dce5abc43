/** The pixel records a page view only for paid traffic: utm_medium cpc or ad. */
export function shouldTrackPageView(search: string): boolean {
  const medium = new URLSearchParams(search).get("utm_medium");
  return medium === "cpc" || medium === "ad";
}
