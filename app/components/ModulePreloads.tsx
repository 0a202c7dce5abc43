import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

/**
 * The page's scripts as low-priority module preloads, rendered just before Remix's <Scripts/>.
 *
 * Remix preloads the same modules (about 24 small chunks) at the browser's default high
 * priority; on a slow phone connection they then compete with the style sheet and the page's
 * own content for the first paint, although module scripts never block it. A preload of the
 * same URL that comes first decides the fetch, and Remix's later link reuses it (one request per
 * module, as before). Computed once, so hydration sees exactly the server's markup and a later
 * navigation adds nothing.
 */
export function ModulePreloads({ nonce }: { nonce?: string }) {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [hrefs] = useState(() => {
    if (!remix) return [];
    const { manifest } = remix;
    const routes = matches.flatMap((match) => {
      const route = manifest.routes[match.id];
      return route ? [...(route.imports ?? []), route.module] : [];
    });
    return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routes])];
  });
  // React 18 knows no fetchPriority prop; the lowercase attribute passes through as written.
  const low = { fetchpriority: "low" } as Record<string, string>;
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} {...low} />
      ))}
    </>
  );
}
