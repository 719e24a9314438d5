import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** How many sheets a PDF has. */
export async function sheetCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

/**
 * Joins PDFs into one book (with pdf-lib), and writes "page N of M" of the whole book at the top
 * right of every sheet after the front matter (the top left holds the page's URL, the foot the
 * guide version and the chapter's own "k / n"), which the table of contents' numbers refer to.
 *
 * @param parts - the front matter, then each chapter, in order.
 * @param title - the book's document title.
 * @returns the book's bytes.
 */
export async function joinBook(parts: readonly Uint8Array[], title: string): Promise<Uint8Array> {
  const book = await PDFDocument.create();
  book.setTitle(title);
  for (const part of parts) {
    const doc = await PDFDocument.load(part);
    for (const page of await book.copyPages(doc, doc.getPageIndices())) book.addPage(page);
  }
  const font = await book.embedFont(StandardFonts.Helvetica);
  const pages = book.getPages();
  const front = parts[0] ? await sheetCount(parts[0]) : 0;
  pages.forEach((page, i) => {
    if (i < front) return;
    const text = `page ${i + 1} of ${pages.length}`;
    const size = 8;
    const { width, height } = page.getSize();
    // 14 mm is the chapters' side margin (GuideStamp.astro's @page rule), in points.
    const margin = (14 / 25.4) * 72;
    page.drawText(text, {
      x: width - margin - font.widthOfTextAtSize(text, size),
      y: height - 26,
      size,
      font,
      color: rgb(0.27, 0.27, 0.27),
    });
  });
  return book.save();
}
