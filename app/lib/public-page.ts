import type { HeadersFunction } from "@remix-run/node";

/** A public page's caching header, as its loader chose it (see public-page.server). */
export const publicHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cache = loaderHeaders.get("Cache-Control");
  if (cache) headers.set("Cache-Control", cache);
  return headers;
};
