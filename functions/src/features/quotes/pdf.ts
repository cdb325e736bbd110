// The quotation as an A4 PDF (pdfkit), in Noto Sans embedded (pdf-fonts.ts): the seller
// with GSTIN, the customer with GSTIN and place of supply, the lines (HSN, qty, unit, rate,
// discount, taxable value, tax), the tax by rate, round off, the total in figures and words,
// validity, terms and bank details. Lines run onto further pages with the table's header again.
import PDFDocument from 'pdfkit';
import type { DocumentData } from 'firebase-admin/firestore';
import { getConfig } from '../../config';
import { stateLabel } from '../../contract/gst';
import type { Quote } from '../../contract/quotes';
import { quoteFaces } from './pdf-fonts';

const MARGIN = 36;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN;
const GREY = '#555555';
const RULE = '#bbbbbb';

const MONEY = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const QTY = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
const rupees = (n: number) => `₹${MONEY.format(n)}`;
const plain = (n: number) => MONEY.format(n);

/** '28 Nov 2026' from YYYY-MM-DD or an ISO time. */
function dateText(value: string): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: value.length === 10 ? 'UTC' : getConfig().timeZone,
  }).format(date);
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: Quote['lines'][number], index: number) => string;
}

const COLUMNS: Column[] = [
  { title: '#', width: 18, align: 'left', cell: (_l, i) => String(i + 1) },
  { title: 'Item', width: 143, align: 'left', cell: (l) => l.name },
  { title: 'HSN/SAC', width: 48, align: 'left', cell: (l) => l.hsn },
  { title: 'Qty', width: 40, align: 'right', cell: (l) => QTY.format(l.qty) },
  { title: 'Unit', width: 30, align: 'left', cell: (l) => l.unit },
  { title: 'Rate', width: 62, align: 'right', cell: (l) => plain(l.rate) },
  { title: 'Disc %', width: 36, align: 'right', cell: (l) => String(l.discountPercent) },
  { title: 'Taxable', width: 66, align: 'right', cell: (l) => plain(l.taxable) },
  { title: 'GST %', width: 32, align: 'right', cell: (l) => String(l.gstRate) },
  { title: 'Tax', width: 48, align: 'right', cell: (l) => plain(l.tax) },
];

type Doc = PDFKit.PDFDocument;

function tableHeader(doc: Doc, y: number): number {
  doc.rect(MARGIN, y, WIDTH, 18).fill('#eeeeee');
  doc.fillColor('black').font('bold').fontSize(8);
  let x = MARGIN;
  for (const c of COLUMNS) {
    doc.text(c.title, x + 2, y + 5, { width: c.width - 4, align: c.align, lineBreak: false });
    x += c.width;
  }
  return y + 20;
}

function lineRow(doc: Doc, line: Quote['lines'][number], index: number, y: number): number {
  doc.font('regular').fontSize(8).fillColor('black');
  const item = COLUMNS[1];
  const nameHeight = doc.heightOfString(line.name, { width: item.width - 4 });
  const description = line.description;
  doc.fontSize(7);
  const descHeight = description ? doc.heightOfString(description, { width: item.width - 4 }) : 0;
  const height = Math.max(12, nameHeight + descHeight) + 4;
  let x = MARGIN;
  for (const c of COLUMNS) {
    doc.fontSize(8).fillColor('black');
    doc.text(c.cell(line, index), x + 2, y + 2, { width: c.width - 4, align: c.align });
    if (c === item && description)
      doc
        .fontSize(7)
        .fillColor(GREY)
        .text(description, x + 2, y + 2 + nameHeight, { width: c.width - 4 });
    x += c.width;
  }
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + WIDTH, y + height)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  return y + height + 2;
}

function partyBlock(doc: Doc, x: number, y: number, width: number, lines: string[]): number {
  let at = y;
  lines
    .filter((l) => l.trim() !== '')
    .forEach((text, i) => {
      doc
        .font(i === 1 ? 'bold' : 'regular')
        .fontSize(i === 0 ? 7 : 9)
        .fillColor(i === 0 ? GREY : 'black');
      doc.text(text, x, at, { width });
      at = doc.y + 1;
    });
  return at;
}

/** Ensures `needed` points are left on the page; else starts a new one. */
function room(doc: Doc, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return MARGIN;
}

function amountRows(doc: Doc, rows: [string, string, boolean?][], y: number): number {
  const labelX = MARGIN + WIDTH - 250;
  let at = y;
  for (const [label, value, strong] of rows) {
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 9)
      .fillColor('black');
    doc.text(label, labelX, at, { width: 140 });
    doc.text(value, labelX + 140, at, { width: 110, align: 'right' });
    at += strong ? 16 : 13;
  }
  return at;
}

function taxSummary(doc: Doc, quote: Quote, y: number): number {
  const cols = quote.interState
    ? (['GST %', 'Taxable', 'IGST'] as const)
    : (['GST %', 'Taxable', 'CGST', 'SGST'] as const);
  const width = 62;
  let at = y;
  doc.font('bold').fontSize(8).fillColor('black').text('Tax by rate', MARGIN, at);
  at += 12;
  cols.forEach((title, i) =>
    doc.text(title, MARGIN + i * width, at, {
      width: width - 4,
      align: i === 0 ? 'left' : 'right',
    }),
  );
  at += 11;
  doc.font('regular');
  for (const row of quote.taxByRate) {
    const values = quote.interState
      ? [`${row.gstRate}%`, plain(row.taxable), plain(row.igst)]
      : [`${row.gstRate}%`, plain(row.taxable), plain(row.cgst), plain(row.sgst)];
    values.forEach((v, i) =>
      doc.text(v, MARGIN + i * width, at, { width: width - 4, align: i === 0 ? 'left' : 'right' }),
    );
    at += 11;
  }
  return at;
}

function paragraph(doc: Doc, title: string, body: string, y: number): number {
  if (!body.trim()) return y;
  let at = room(doc, y, 40);
  doc.font('bold').fontSize(8).fillColor('black').text(title, MARGIN, at, { width: WIDTH });
  at = doc.y + 1;
  doc.font('regular').fontSize(8).fillColor(GREY).text(body, MARGIN, at, { width: WIDTH });
  return doc.y + 8;
}

/** The quotation's PDF; `data` is the stored quote (its seller's bank details). */
export function renderQuotePdf(quote: Quote, data: DocumentData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Quotation ${quote.number}`,
      Author: quote.seller.legalName || quote.seller.name,
      CreationDate: new Date(quote.createdAt || 0),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit's types name only files and bytes; its font factory also takes a parsed font.
  const { regular, bold } = quoteFaces() as unknown as Record<string, Buffer>;
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const seller = quote.seller;
  const bank = (data.seller?.bank ?? {}) as Record<string, string>;
  doc.font('bold').fontSize(16).text('QUOTATION', MARGIN, MARGIN, { width: WIDTH, align: 'right' });
  doc.font('regular').fontSize(9);
  doc.text(`No. ${quote.number}`, MARGIN, MARGIN + 22, { width: WIDTH, align: 'right' });
  doc.text(`Date ${dateText(quote.createdAt)}`, { width: WIDTH, align: 'right' });
  doc.text(`Valid until ${dateText(quote.validUntil)}`, { width: WIDTH, align: 'right' });

  const half = WIDTH / 2 - 10;
  const sellerEnd = partyBlock(doc, MARGIN, MARGIN, half, [
    'FROM',
    seller.legalName || seller.name,
    seller.legalName && seller.name !== seller.legalName ? seller.name : '',
    seller.address,
    seller.gstin ? `GSTIN ${seller.gstin}` : 'GSTIN not registered',
    seller.state ? `State ${stateLabel(seller.state)}` : '',
  ]);
  let y = Math.max(sellerEnd, MARGIN + 60) + 10;
  const customerEnd = partyBlock(doc, MARGIN, y, half, [
    'TO',
    quote.customer.name,
    quote.customer.address,
    quote.customer.gstin ? `GSTIN ${quote.customer.gstin}` : 'GSTIN unregistered',
  ]);
  partyBlock(doc, MARGIN + WIDTH / 2, y, half, [
    'PLACE OF SUPPLY',
    quote.placeOfSupply || '—',
    quote.interState ? 'Inter-state supply: IGST' : 'Intra-state supply: CGST + SGST',
  ]);
  y = customerEnd + 12;

  y = tableHeader(doc, y);
  quote.lines.forEach((line, i) => {
    if (y + 30 > BOTTOM) {
      doc.addPage();
      y = tableHeader(doc, MARGIN);
    }
    y = lineRow(doc, line, i, y);
  });

  const t = quote.totals;
  const rows: [string, string, boolean?][] = [['Subtotal', rupees(t.subtotal)]];
  if (t.discount) rows.push(['Discount', `-${rupees(t.discount)}`]);
  rows.push(['Taxable value', rupees(t.taxable)]);
  if (quote.interState) rows.push(['IGST', rupees(t.igst)]);
  else rows.push(['CGST', rupees(t.cgst)], ['SGST', rupees(t.sgst)]);
  rows.push(['Round off', `${t.roundOff < 0 ? '-' : ''}${rupees(Math.abs(t.roundOff))}`]);
  rows.push(['Total', rupees(t.total), true]);
  y = room(doc, y + 8, rows.length * 13 + 20 + quote.taxByRate.length * 11);
  const summaryEnd = taxSummary(doc, quote, y);
  y = Math.max(amountRows(doc, rows, y), summaryEnd) + 4;
  y = room(doc, y, 30);
  doc.font('bold').fontSize(9).fillColor('black').text('Amount in words', MARGIN, y);
  doc.font('regular').text(quote.amountInWords, MARGIN, doc.y + 1, { width: WIDTH });
  y = doc.y + 10;

  y = paragraph(doc, 'Validity', `Prices valid until ${dateText(quote.validUntil)}.`, y);
  y = paragraph(doc, 'Notes', quote.notes, y);
  y = paragraph(doc, 'Terms', quote.terms, y);
  const bankLines = [
    bank.accountName && `Account name: ${bank.accountName}`,
    bank.bankName && `Bank: ${bank.bankName}${bank.branch ? `, ${bank.branch}` : ''}`,
    bank.accountNumber && `Account number: ${bank.accountNumber}`,
    bank.ifsc && `IFSC: ${bank.ifsc}`,
  ].filter(Boolean);
  paragraph(doc, 'Bank details', bankLines.join('\n'), y);
  doc.end();
  return done;
}
