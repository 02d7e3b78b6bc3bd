// The honeypot of the public forms (docs/decisions/072-pot-de-miel-sans-crypto-js.md): a field people never see and
// robots fill, and the moment the form was shown, sealed so that a robot cannot make it up. The page's hidden fields
// are remix-utils' `HoneypotInputs` (app/components/FormSecurity.tsx), fed with `getInputProps()` by app/root.tsx; the
// check is ours, on node:crypto (remix-utils' own server half loads crypto-js, unmaintained, at import).
import crypto from 'node:crypto';

/** A form that fell into the honeypot: the guard refuses it with SPAM_REFUSED. */
export class SpamError extends Error {
  override name = 'SpamError';
}

/** What the page's hidden fields carry (remix-utils' HoneypotProvider takes these props). */
export interface HoneypotInputProps {
  nameFieldName: string;
  validFromFieldName: string;
  encryptedValidFrom: string;
}

export interface HoneypotOptions {
  /** The secret the moment is sealed with (the session secret): every process of the site seals the same way. */
  seed: string;
  nameFieldName?: string;
  validFromFieldName?: string;
}

/**
 * The « valid from » moment is rounded down to the minute and sealed with AES-256-GCM, its IV derived from it: a page
 * rendered twice within a minute is the same bytes (its ETag holds across instances, http-cache.ts), and the seal only
 * has to prove when the form was shown, never in the future.
 */
export class Honeypot {
  readonly nameFieldName: string;
  readonly validFromFieldName: string;
  readonly #key: Buffer;
  #sealed = { minute: Number.NaN, value: '' };

  constructor(options: HoneypotOptions) {
    this.nameFieldName = options.nameFieldName ?? 'name__confirm';
    this.validFromFieldName = options.validFromFieldName ?? 'from__confirm';
    this.#key = crypto.createHash('sha256').update(`honeypot:${options.seed}`).digest();
  }

  getInputProps({ validFromTimestamp = Date.now() }: { validFromTimestamp?: number } = {}): HoneypotInputProps {
    const minute = Math.floor(validFromTimestamp / 60_000);
    if (minute !== this.#sealed.minute) this.#sealed = { minute, value: this.#seal(String(minute * 60_000)) };
    return {
      nameFieldName: this.nameFieldName,
      validFromFieldName: this.validFromFieldName,
      encryptedValidFrom: this.#sealed.value,
    };
  }

  /**
   * Throws SpamError unless the form carries both fields, the visible-to-robots one empty and the moment sealed with
   * our key, in the past. Every checked form renders both (FormSecurity): their absence is a robot's doing.
   */
  check(form: FormData): void {
    const bait = form.get(this.nameFieldName);
    if (bait === null) throw new SpamError('Missing honeypot input');
    if (bait !== '') throw new SpamError('Honeypot input not empty');
    const sealed = form.get(this.validFromFieldName);
    if (typeof sealed !== 'string' || !sealed) throw new SpamError('Missing honeypot valid from input');
    const moment = Number(this.#open(sealed));
    if (!Number.isSafeInteger(moment) || moment <= 0) throw new SpamError('Invalid honeypot valid from input');
    if (moment > Date.now()) throw new SpamError('Honeypot valid from is in future');
  }

  #seal(value: string): string {
    // Deterministic: the same moment gives the same text (it reveals nothing the page does not show anyway).
    const iv = crypto.createHmac('sha256', this.#key).update(value).digest().subarray(0, 12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The sealed text, or '' when it was not sealed with our key (forged, altered or truncated). */
  #open(value: string): string {
    try {
      const raw = Buffer.from(value, 'base64url');
      if (raw.length < 29) return '';
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return '';
    }
  }
}
