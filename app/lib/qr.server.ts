import QRCode from "qrcode";

/**
 * A QR code of `text` as an SVG data URL (the page's CSP allows data: images), or null when
 * it cannot be made; the page then says "QR code generation failed".
 */
export async function qrDataUrl(text: string): Promise<string | null> {
  try {
    const svg = await QRCode.toString(text, {
      type: "svg",
      errorCorrectionLevel: "M",
      margin: 2,
      color: { dark: "#000000", light: "#ffffff" },
    });
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  } catch {
    return null;
  }
}
