import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { shouldTrackPageView } from "#app/lib/analytics";

declare global {
  interface Window {
    fbq?: (...args: unknown[]) => void;
    dataLayer?: unknown[];
  }
}

/**
 * The tag manager and the advertising pixel, from ids in configuration. Nothing loads when an
 * id is missing (the server logs a warning at start). The pixel is initialised on every page
 * but records a page view only for paid traffic (utm_medium cpc or ad).
 */
export function Analytics({
  gtmId,
  pixelId,
  nonce,
}: {
  gtmId: string | null;
  pixelId: string | null;
  nonce: string;
}) {
  const { search } = useLocation();
  useEffect(() => {
    if (pixelId && window.fbq && shouldTrackPageView(search)) window.fbq("track", "PageView");
  }, [pixelId, search]);

  return (
    <>
      {gtmId && (
        <script
          nonce={nonce}
          // Values are validated by server/config.ts (GTM-XXXX, digits), so they cannot break out.
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.nonce='${nonce}';j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${gtmId}');`,
          }}
        />
      )}
      {pixelId && (
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${pixelId}');`,
          }}
        />
      )}
    </>
  );
}
