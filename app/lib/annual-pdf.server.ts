import PDFDocument from "pdfkit";
import type { AnnualStatement } from "#server/features/wallet/annual";
import type { AnnualDocument, AnnualRow } from "./annual";
import { formatYen } from "./money";
import { japaneseFonts } from "./fonts.server";

/**
 * The annual statement as a PDF, drawn on the server by pdfkit (no browser): A4, Japanese text
 * in Noto Sans JP (SIL Open Font License, from the @expo-google-fonts/noto-sans-jp package).
 * pdfkit embeds only the glyphs the document uses, so a statement weighs tens of kilobytes,
 * not the font's 5 MB.
 */

export interface AnnualPdfText {
  title: string;
  period: string;
  holder: string;
  issued: string;
  documentNumber: string;
  issuerLabel: string;
  item: string;
  count: string;
  amount: string;
  opening: string;
  closing: string;
  ofWhichHeld: string | null;
  income: string;
  outgoing: string;
  totalIncome: string;
  totalOutgoing: string;
  none: string;
  noneOut: string;
  check: string;
  notes: string[];
}

const MARGIN = 48;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const CONTENT = PAGE.width - MARGIN * 2;
const COUNT_W = 60;
const AMOUNT_W = 120;
const ITEM_W = CONTENT - COUNT_W - AMOUNT_W;

export async function annualPdf(
  y: AnnualStatement,
  doc: AnnualDocument,
  text: AnnualPdfText,
): Promise<Buffer> {
  const { regular, bold } = japaneseFonts();
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: text.title, Author: y.holder.name, Subject: text.period },
    lang: "ja",
  } as PDFKit.PDFDocumentOptions);
  pdf.registerFont("regular", regular);
  pdf.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const ensureRoom = (height: number) => {
    if (pdf.y + height > PAGE.height - MARGIN) pdf.addPage();
  };

  /** One table row: the item, the count and the amount, on one baseline. */
  const row = (r: { label: string; count: string; amount: string }, strong = false) => {
    pdf.font(strong ? "bold" : "regular").fontSize(10);
    const height = Math.max(pdf.heightOfString(r.label, { width: ITEM_W - 8 }), 14);
    ensureRoom(height + 6);
    const top = pdf.y;
    pdf.text(r.label, MARGIN, top, { width: ITEM_W - 8 });
    pdf.text(r.count, MARGIN + ITEM_W, top, { width: COUNT_W, align: "right" });
    pdf.text(r.amount, MARGIN + ITEM_W + COUNT_W, top, { width: AMOUNT_W, align: "right" });
    pdf.y = top + height + 4;
    pdf
      .moveTo(MARGIN, pdf.y - 2)
      .lineTo(PAGE.width - MARGIN, pdf.y - 2)
      .lineWidth(0.5)
      .strokeColor("#cbd5e1")
      .stroke();
  };
  const lines = (rows: AnnualRow[]) => {
    for (const r of rows)
      row({
        label: r.label,
        count: r.count === null ? "" : String(r.count),
        amount: formatYen(r.amount),
      });
  };
  /**
   * A part of the document: its heading, then its lines under the column heads, or, with no
   * line, one sentence across the page's width (no empty table whose columns would split it).
   */
  const section = (title: string, rows: AnnualRow[], empty: string) => {
    ensureRoom(40);
    pdf.moveDown(0.8);
    pdf.font("bold").fontSize(12).fillColor("#0f172a").text(title, MARGIN, pdf.y);
    pdf.moveDown(0.3);
    if (rows.length === 0) {
      pdf.font("regular").fontSize(10).fillColor("#334155");
      pdf.text(empty, MARGIN, pdf.y, { width: CONTENT });
      pdf.moveDown(0.5);
      pdf.fillColor("#0f172a");
      return;
    }
    pdf.fillColor("#475569");
    row({ label: text.item, count: text.count, amount: text.amount });
    pdf.fillColor("#0f172a");
    lines(rows);
  };

  pdf.font("bold").fontSize(18).fillColor("#0f172a").text(text.title, { align: "left" });
  pdf.moveDown(0.4);
  pdf.font("regular").fontSize(10).fillColor("#334155");
  pdf.text(text.period);
  pdf.text(`${text.holder}: ${y.holder.name} (${y.holder.email})`);
  pdf.text(text.issued);
  pdf.text(text.documentNumber);
  // The issuer as the company page names it: who the member received the money from.
  if (y.issuer) {
    pdf.moveDown(0.5);
    pdf.font("bold").text(`${text.issuerLabel}: ${y.issuer.name}`, MARGIN, pdf.y, {
      width: CONTENT,
      align: "right",
    });
    if (y.issuer.address)
      pdf.font("regular").text(y.issuer.address, MARGIN, pdf.y, { width: CONTENT, align: "right" });
  }
  pdf.fillColor("#0f172a");

  pdf.moveDown(0.8);
  row({ label: text.opening, count: "", amount: formatYen(y.opening.total) }, true);

  section(text.income, doc.income, text.none);
  row({ label: text.totalIncome, count: "", amount: formatYen(y.totalIncome) }, true);

  section(text.outgoing, doc.outgoing, text.noneOut);
  row({ label: text.totalOutgoing, count: "", amount: formatYen(y.totalOutgoing) }, true);

  pdf.moveDown(0.8);
  row({ label: text.closing, count: "", amount: formatYen(y.closing.total) }, true);
  if (text.ofWhichHeld)
    pdf
      .font("regular")
      .fontSize(9)
      .text(text.ofWhichHeld, MARGIN, pdf.y, { width: CONTENT, align: "right" });

  pdf.moveDown(0.8);
  pdf.font("regular").fontSize(9).fillColor("#334155").text(text.check, MARGIN, pdf.y, {
    width: CONTENT,
  });
  for (const note of text.notes) {
    pdf.moveDown(0.5);
    pdf.text(note, { width: CONTENT });
  }
  pdf.end();
  return done;
}
