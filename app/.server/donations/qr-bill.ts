// Swiss QR-bills for a donation by bank transfer, built by the `swissqrbill` library (which validates every field
// and throws a ValidationError): as SVG for the page, as an A4 PDF to print or pay from an e-banking app.
import type { Data } from 'swissqrbill/types';
import {
  calculateQRReferenceChecksum,
  calculateSCORReferenceChecksum,
  formatIBAN,
  formatReference,
  isQRIBAN,
} from 'swissqrbill/utils';
import { formatChf, toCentimes } from '~/domain/donation';
import type { Config } from '../platform/config';
import { onFirstUse } from '../platform/on-first-use';

// Loaded with the first QR-bill shown or printed (issue 50): pdfkit and the SVG engine weigh about 30 MB a process.
const pdfkit = onFirstUse<typeof import('pdfkit')>('pdfkit');
const pdfBill = onFirstUse<typeof import('swissqrbill/pdf')>('swissqrbill/pdf');
const svgBill = onFirstUse<typeof import('swissqrbill/svg')>('swissqrbill/svg');

export interface QrCreditor {
  account: string;
  name: string;
  address: string;
  buildingNumber: string;
  zip: string;
  city: string;
  country: string;
}

export const QR_BILL_MESSAGE = 'Don à l’association Agenda romand. Merci !';

export function creditorFromConfig(
  config: Pick<
    Config,
    | 'DONATION_IBAN'
    | 'DONATION_CREDITOR_NAME'
    | 'DONATION_CREDITOR_STREET'
    | 'DONATION_CREDITOR_BUILDING'
    | 'DONATION_CREDITOR_ZIP'
    | 'DONATION_CREDITOR_CITY'
    | 'DONATION_CREDITOR_COUNTRY'
  >,
): QrCreditor {
  return {
    account: config.DONATION_IBAN,
    name: config.DONATION_CREDITOR_NAME,
    address: config.DONATION_CREDITOR_STREET,
    buildingNumber: config.DONATION_CREDITOR_BUILDING,
    zip: config.DONATION_CREDITOR_ZIP,
    city: config.DONATION_CREDITOR_CITY,
    country: config.DONATION_CREDITOR_COUNTRY,
  };
}

/**
 * The payment reference, so the treasurer sees at a glance that a transfer is a donation made from the site and
 * what amount was intended: a QR-IBAN requires a QR reference (27 digits, last one a check digit), which we build as
 * « 77 » (donation) + the amount in centimes; a plain IBAN gets a creditor reference (ISO 11649) RFxx DON<centimes>.
 */
export function donationReference(account: string, amount: number | null): string {
  const centimes = amount == null ? '0' : String(toCentimes(amount));
  if (isQRIBAN(account)) {
    const base = `77${centimes.padStart(24, '0')}`;
    return base + calculateQRReferenceChecksum(base);
  }
  const reference = `DON${centimes}`;
  return `RF${calculateSCORReferenceChecksum(reference)}${reference}`;
}

/** The data of a donation QR-bill; without an amount, the donor writes it in (free amount on paper). */
export function qrBillData(creditor: QrCreditor, amount: number | null): Data {
  return {
    currency: 'CHF',
    ...(amount == null ? {} : { amount }),
    creditor,
    reference: donationReference(creditor.account, amount),
    message: QR_BILL_MESSAGE,
  };
}

/** What the page shows beside the bill, for those who type the transfer by hand (and screen readers). */
export function qrBillSummary(creditor: QrCreditor, amount: number | null) {
  return {
    account: formatIBAN(creditor.account),
    creditor: `${creditor.name}, ${creditor.address} ${creditor.buildingNumber}, ${creditor.zip} ${creditor.city}`,
    reference: formatReference(donationReference(creditor.account, amount)),
    amount: amount == null ? null : formatChf(amount),
    message: QR_BILL_MESSAGE,
  };
}

/** The payment part as an SVG document (the constructor validates and throws a ValidationError). */
export function qrBillSvg(creditor: QrCreditor, amount: number | null): string {
  const { SwissQRBill } = svgBill();
  return new SwissQRBill(qrBillData(creditor, amount), { language: 'FR' }).toString();
}

/** An A4 page: a short thank-you, and the payment part at the bottom, ready to cut or to scan. */
export function qrBillPdf(creditor: QrCreditor, amount: number | null): Promise<Uint8Array<ArrayBuffer>> {
  const { SwissQRBill } = pdfBill();
  const PDFDocument = pdfkit();
  const bill = new SwissQRBill(qrBillData(creditor, amount), { language: 'FR' });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'fr-CH',
    info: { Title: 'QR-facture — don à Agenda romand', Author: creditor.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A plain Uint8Array (what a Response body takes), from pdfkit's Buffer chunks.
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  doc.fontSize(20).font('Helvetica-Bold').text(`Don à ${creditor.name}`);
  doc.moveDown(0.5).fontSize(11).font('Helvetica');
  doc.text(
    amount == null
      ? 'Merci de soutenir l’agenda ! Indiquez le montant de votre choix sur le bulletin ci-dessous.'
      : `Merci de soutenir l’agenda avec un don de ${formatChf(amount)} !`,
  );
  doc.moveDown(0.5);
  doc.text(
    'Payez avec votre application bancaire en scannant le code QR, ou au guichet postal avec ce bulletin. ' +
      'Chaque franc est réinvesti dans l’hébergement, la modération et l’accessibilité de l’agenda.',
  );
  bill.attachTo(doc);
  doc.end();
  return done;
}
