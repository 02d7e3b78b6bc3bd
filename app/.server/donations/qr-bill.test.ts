import { ValidationError } from 'swissqrbill/errors';
import { SwissQRBill as PdfQRBill } from 'swissqrbill/pdf';
import { SwissQRBill as SvgQRBill } from 'swissqrbill/svg';
import { getReferenceType, isIBANValid, isQRIBAN, isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { creditorFromConfig, donationReference, qrBillData, qrBillPdf, qrBillSummary, qrBillSvg } from './qr-bill';

const creditor = creditorFromConfig(loadConfig());
const QR_IBAN = 'CH4431999123000889012';

describe('QR-facture de don', () => {
  it('utilise l’IBAN configuré (par défaut un IBAN suisse valide, pas un QR-IBAN)', () => {
    expect(creditor.account).toBe('CH9300762011623852957');
    expect(isIBANValid(creditor.account)).toBe(true);
    expect(isQRIBAN(creditor.account)).toBe(false);
    expect(creditor.name).toBe('Association Agenda romand');
  });

  it.each([5, 25, 37.5, 10_000])('passe la validation de la bibliothèque pour CHF %d (SVG et PDF)', (amount) => {
    const data = qrBillData(creditor, amount);
    expect(() => new SvgQRBill(data, { language: 'FR' })).not.toThrow();
    expect(() => new PdfQRBill(data, { language: 'FR' })).not.toThrow();
    expect(data.amount).toBe(amount);
    expect(data.currency).toBe('CHF');
    expect(data.creditor.account).toBe(creditor.account);
  });

  it('donne une référence de créancier (SCOR) valide avec un IBAN ordinaire', () => {
    const reference = donationReference(creditor.account, 25);
    expect(getReferenceType(reference)).toBe('SCOR');
    expect(isSCORReferenceValid(reference)).toBe(true);
    expect(reference).toMatch(/^RF\d{2}DON2500$/);
  });

  it('donne une référence QR valide avec un QR-IBAN, que la bibliothèque exige', () => {
    const qrCreditor = { ...creditor, account: QR_IBAN };
    const reference = donationReference(QR_IBAN, 25);
    expect(isQRReferenceValid(reference)).toBe(true);
    expect(() => new SvgQRBill(qrBillData(qrCreditor, 25), { language: 'FR' })).not.toThrow();
    expect(() => new SvgQRBill({ ...qrBillData(qrCreditor, 25), reference: undefined })).toThrow(ValidationError);
  });

  it('la bibliothèque refuse un IBAN faux : la validation est bien active', () => {
    const data = qrBillData({ ...creditor, account: 'CH9300762011623852958' }, 25);
    expect(() => new SvgQRBill(data)).toThrow(ValidationError);
    expect(() => new PdfQRBill(data)).toThrow(ValidationError);
  });

  it('sans montant, le donateur l’écrit lui-même (montant libre)', () => {
    const data = qrBillData(creditor, null);
    expect(data.amount).toBeUndefined();
    expect(() => new SvgQRBill(data)).not.toThrow();
  });

  it('le SVG montre le montant, l’IBAN et le bénéficiaire, en français', () => {
    const svg = qrBillSvg(creditor, 25);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('25.00');
    expect(svg).toContain('CH93 0076 2011 6238 5295 7');
    expect(svg).toContain('Association Agenda romand');
    expect(svg).toContain('Section paiement');
  });

  it('le PDF est un vrai document PDF', async () => {
    const pdf = await qrBillPdf(creditor, 25);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
  });

  it('résume la facture pour qui saisit le virement à la main', () => {
    expect(qrBillSummary(creditor, 25)).toMatchObject({
      account: 'CH93 0076 2011 6238 5295 7',
      amount: 'CHF 25.–',
      creditor: 'Association Agenda romand, Rue Centrale 1, 1003 Lausanne',
    });
  });
});
