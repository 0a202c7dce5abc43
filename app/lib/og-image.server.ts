import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { OG_IMAGE } from "./seo";
import { isFresh, notModified, weakEtag } from "./conditional.server";
import { japaneseFonts } from "./fonts.server";

/**
 * Link preview pictures (Open Graph, 1200 × 630 PNG), drawn on the server from the data:
 * satori lays the card out and turns its text into outlines with Noto Sans JP (so the picture
 * needs no font where it is rasterised), resvg rasterises it. A card is what the picture
 * shows; the same card gives the same picture, so its ETag is known before drawing and a
 * drawn picture is kept in memory for the next request.
 */
export interface OgCard {
  lang: "ja" | "en";
  /** The service's name, top left. */
  site: string;
  heading: string;
  /** Up to four short lines under the heading. */
  lines: string[];
  /** A line at the bottom: the site's address. */
  footer: string;
}

/**
 * What a picture may be kept for. Browsers and crawlers ask again after five minutes, like
 * the pages; a CDN serves the one it holds for a day while it asks, since drawing costs more
 * than a page.
 */
export const OG_CACHE = "public, max-age=300, s-maxage=300, stale-while-revalidate=86400";

/** Changes when the drawing below changes, so a CDN's stored pictures are drawn again. */
const DRAWING = "og-1";

type Node = { type: string; props: Record<string, unknown> };
const box = (style: Record<string, unknown>, children: unknown): Node => ({
  type: "div",
  props: { style: { display: "flex", ...style }, children },
});

/** The text column: the picture less its side margins. Japanese wraps within it at any character. */
const TEXT_WIDTH = OG_IMAGE.width - 2 * 72;

function layout(card: OgCard): Node {
  return box(
    {
      // Satori's boxes grow by their padding (content-box): the card is the picture less it.
      width: TEXT_WIDTH,
      height: OG_IMAGE.height - 2 * 56,
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "56px 72px",
      backgroundColor: "#064e3b",
      backgroundImage: "linear-gradient(135deg, #064e3b 0%, #047857 100%)",
      color: "#ffffff",
      fontFamily: "Noto Sans JP",
    },
    [
      box({ fontSize: 32, fontWeight: 700, color: "#a7f3d0" }, card.site),
      box({ flexDirection: "column", gap: 20, width: TEXT_WIDTH }, [
        box(
          {
            width: TEXT_WIDTH,
            fontSize: card.heading.length > 18 ? 56 : 68,
            fontWeight: 700,
            lineHeight: 1.2,
          },
          card.heading,
        ),
        box(
          { flexDirection: "column", gap: 6, width: TEXT_WIDTH },
          card.lines
            .slice(0, 4)
            .map((line) => box({ width: TEXT_WIDTH, fontSize: 32, lineHeight: 1.35 }, line)),
        ),
      ]),
      box({ fontSize: 26, color: "#d1fae5", width: TEXT_WIDTH }, card.footer),
    ],
  );
}

/** The card as a PNG, drawn now. */
export async function drawOgImage(card: OgCard): Promise<Buffer> {
  const { regular, bold } = japaneseFonts();
  const svg = await satori(layout(card) as never, {
    width: OG_IMAGE.width,
    height: OG_IMAGE.height,
    fonts: [
      { name: "Noto Sans JP", data: regular, weight: 400, style: "normal" },
      { name: "Noto Sans JP", data: bold, weight: 700, style: "normal" },
    ],
  });
  // The text is outlines already: reading the system's fonts would only cost time (seconds on
  // a host with the CJK fonts installed).
  const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
  return Buffer.from(png);
}

/** Pictures drawn lately, by ETag; the oldest goes first when the map is full. */
const drawn = new Map<string, Promise<Buffer>>();
const KEPT = 64;

function drawnOnce(etag: string, card: OgCard): Promise<Buffer> {
  let png = drawn.get(etag);
  if (png) {
    drawn.delete(etag);
    drawn.set(etag, png);
    return png;
  }
  png = drawOgImage(card);
  // A failed drawing is not kept: the next request tries again.
  png.catch(() => drawn.delete(etag));
  drawn.set(etag, png);
  if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  return png;
}

/** The answer to a picture's request: 304 when the asker holds it, else the PNG. */
export async function ogImageResponse(request: Request, card: OgCard): Promise<Response> {
  const version = `${DRAWING}\n${JSON.stringify(card)}`;
  const headers = new Headers({ "Content-Type": "image/png", "Cache-Control": OG_CACHE });
  const etag = weakEtag(version);
  headers.set("ETag", etag);
  if (isFresh(request, etag)) return notModified(headers);
  // A copy on its own ArrayBuffer: the DOM's BodyInit takes no view over a shared buffer.
  return new Response(new Uint8Array(await drawnOnce(etag, card)), { status: 200, headers });
}
