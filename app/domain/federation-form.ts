// The admin's federation forms (/admin/federation): follow a remote actor as a source, block a domain.
import { CANTON_CODES } from './cantons';
import { z } from './zod';

export const REMOTE_SOURCE_FIELDS = ['handle', 'category', 'canton', 'organizerName', 'trusted'] as const;
export const BLOCK_FIELDS = ['domain'] as const;

/** @agenda@exemple.ch, agenda@exemple.ch, with a port (@agenda@exemple.ch:8443), or the actor's https:// address. */
const HANDLE = /^@?[\w.~-]+@[a-z0-9.-]+(?::(\d{1,5}))?$/i;
const isHandle = (v: string) => {
  const port = HANDLE.exec(v)?.[1];
  if (port !== undefined) return Number(port) >= 1 && Number(port) <= 65_535;
  return HANDLE.test(v) || /^https?:\/\/[^\s@]+$/.test(v);
};

export const remoteSourceSchema = z.object({
  handle: z
    .string({ error: 'Indiquez le compte à suivre.' })
    .trim()
    .min(1, 'Indiquez le compte à suivre.')
    .max(300, 'Ce compte est trop long.')
    .refine(
      isHandle,
      'Indiquez un compte de la forme @agenda@exemple.ch (ou @agenda@exemple.ch:8443), ou l’adresse https:// de son profil.',
    ),
  category: z.string({ error: 'Choisissez une catégorie.' }).trim().min(1, 'Choisissez une catégorie.'),
  canton: z.enum(CANTON_CODES, { error: 'Choisissez un canton de Suisse romande.' }),
  organizerName: z
    .string({ error: 'Le nom de l’organisateur est obligatoire.' })
    .trim()
    .min(2, 'Le nom de l’organisateur doit compter au moins 2\u00a0caractères.')
    .max(120, 'Le nom de l’organisateur ne peut pas dépasser 120\u00a0caractères.'),
  trusted: z.string().optional(),
});

export const blockSchema = z.object({
  domain: z
    .string({ error: 'Indiquez un domaine.' })
    .trim()
    .min(1, 'Indiquez un domaine.')
    .max(253, 'Ce domaine est trop long.'),
});

export type RemoteSourceInput = z.infer<typeof remoteSourceSchema>;
