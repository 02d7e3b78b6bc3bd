// The shapes of the environment's values that config.ts checks: flags, optional texts, an SMTP address and how mails
// leave, JSON, the proxies to trust.
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const SMTP_EXAMPLE = '(par exemple smtps://utilisateur:motdepasse@smtp.exemple.ch:465)';

/**
 * What is wrong with an SMTP_URL (smtp://host[:port] or smtps://…, as nodemailer reads it), in French, or null: not an address at all, another protocol, or no server named
 * (issue 68: the three got one message). Never the value itself, which may hold a password.
 */
export function smtpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `SMTP_URL n’est pas une adresse : elle doit commencer par smtp:// ou smtps:// ${SMTP_EXAMPLE}.`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    return `SMTP_URL n’est pas une adresse de serveur de mail : elle doit commencer par smtp:// ou smtps://, pas par un autre protocole ${SMTP_EXAMPLE}.`;
  if (url.hostname === '')
    return `SMTP_URL ne nomme aucun serveur : elle doit donner son nom après smtp:// ou smtps:// ${SMTP_EXAMPLE}.`;
  return null;
}

/** An unset or empty variable is absent. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export function isJsonObject(text: string): boolean {
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The names Express's `trust proxy` takes for whole address ranges. */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/bits (CIDR) or an IPv4 address/netmask, as Express's `trust proxy` reads them. */
function isProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const slash = entry.lastIndexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  if (!ipaddr.isValid(address) || net.isIP(address) === 0) return false;
  if (slash === -1) return true;
  const range = entry.slice(slash + 1);
  const kind = ipaddr.parse(address).kind();
  if (/^\d{1,3}$/.test(range)) return Number(range) > 0 && Number(range) <= (kind === 'ipv4' ? 32 : 128);
  const bits =
    kind === 'ipv4' && ipaddr.IPv4.isValidFourPartDecimal(range)
      ? ipaddr.IPv4.parse(range).prefixLengthFromSubnetMask()
      : null;
  return bits !== null && bits > 0;
}

/**
 * TRUST_PROXY as Express's `trust proxy` takes it: a hop count as a number (Express reads the string "1" as the address
 * 0.0.0.1, and so trusted nobody), true, false, or the list of names, addresses and ranges. Anything else is refused
 * at start rather than as Express's raw TypeError when the server mounts it.
 */
export const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): boolean | number | string[] | undefined => {
    if (value === undefined || value === '') return undefined;
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    if (/^\d+$/.test(value) && Number(value) <= 64) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry !== '' && isProxyAddress(entry))) return entries;
    context.addIssue({ code: 'custom', message: 'valeur refusée' });
    return z.NEVER;
  });

/**
 * Why the mail settings cannot start, or null: SMTP_URL and MAIL_TRANSPORT agree, and mails are not lost unsaid.
 * `firestoreInProduction`: instances whose disk goes with them, where the outbox folder must be chosen in words.
 */
export function mailTransportProblem(
  env: { MAIL_TRANSPORT?: 'smtp' | 'fichier'; SMTP_URL?: string },
  firestoreInProduction: boolean,
): string | null {
  if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
    return 'MAIL_TRANSPORT=smtp demande SMTP_URL, l’adresse du serveur d’envoi (par exemple smtps://utilisateur:motdepasse@smtp.exemple.ch:465).';
  }
  if (env.MAIL_TRANSPORT === 'fichier' && env.SMTP_URL) {
    return 'MAIL_TRANSPORT=fichier et SMTP_URL se contredisent (les mails seraient écrits dans DATA_DIR/outbox, jamais envoyés)\u00a0: retirez l’un des deux.';
  }
  if (firestoreInProduction && !env.SMTP_URL && !env.MAIL_TRANSPORT) {
    return 'sur Firestore en production, SMTP_URL est requis\u00a0: sans lui, les mails (vérification d’adresse, mot de passe oublié, alertes) seraient écrits sur le disque de l’instance, qui disparaît avec elle, et jamais envoyés. Donnez SMTP_URL (par exemple smtps://utilisateur:motdepasse@smtp.exemple.ch:465), ou MAIL_TRANSPORT=fichier pour les garder dans DATA_DIR/outbox en connaissance de cause.';
  }
  return null;
}
