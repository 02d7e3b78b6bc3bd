// Demo content of the agenda: events dated relative to today (late November as written) and the partners strip.
// Venues and towns are real; the events, organisers, addresses of contact and URLs are illustrative. The content is
// data (demo-events.json, demo-partners.json); this module gives it its shape and checks it when it is loaded, so a
// typo in the data stops the seed with the entry's key instead of seeding a broken event.
import { z } from 'zod';
import { CANTON_CODES } from '~/domain/cantons';
import { PARTNER_KINDS } from '~/domain/partner';
import eventsJson from './demo-events.json';
import partnersJson from './demo-partners.json';

const time = z.string().regex(/^\d{2}:\d{2}$/);

const revision = z
  .object({ title: z.string(), description: z.string(), start: time, end: time, priceNote: z.string() })
  .partial()
  .strict();

const seedEvent = z
  .object({
    key: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    description: z.string().min(1),
    /** « Artistes, intervenants » (issue 52): illustrative names, as the rest. */
    performers: z.array(z.string().min(1).max(80)).max(12).optional(),
    category: z.string().min(1),
    dayOffset: z.number().int(),
    start: time,
    end: time,
    endDayOffset: z.number().int().optional(),
    allDay: z.boolean().optional(),
    venueName: z.string(),
    street: z.string(),
    postalCode: z.string(),
    city: z.string(),
    canton: z.enum(CANTON_CODES),
    lat: z.number(),
    lng: z.number(),
    isFree: z.boolean(),
    priceMin: z.number().nullable(),
    priceMax: z.number().nullable(),
    priceNote: z.string(),
    ticketUrl: z.string(),
    websiteUrl: z.string(),
    organizerName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    accessibility: z.object({ wheelchair: z.boolean(), hearing: z.boolean(), familyFriendly: z.boolean() }).strict(),
    featured: z.boolean().optional(),
    status: z.enum(['approved', 'pending', 'rejected', 'cancelled', 'withdrawn']).optional(),
    rejectionReason: z.string().optional(),
    /** An organizer's edit of this published event, awaiting moderation (the public still sees the fields above). */
    revision: revision.optional(),
  })
  .strict();

const seedPartner = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    kind: z.enum(PARTNER_KINDS),
    description: z.string().min(1),
    logo: z.string().startsWith('/images/partners/'),
    websiteUrl: z.string().url(),
  })
  .strict();

export type SeedEventSpec = z.infer<typeof seedEvent>;
export type SeedPartnerSpec = z.infer<typeof seedPartner>;

/** Parses one data file, naming the entry at fault (its key or slug) when it does not have the expected shape. */
function load<T>(name: string, schema: z.ZodType<T>, entries: unknown[], id: (entry: unknown) => string): readonly T[] {
  return entries.map((entry, index) => {
    const parsed = schema.safeParse(entry);
    if (parsed.success) return parsed.data;
    const where = parsed.error.issues[0];
    throw new Error(`${name}, entrée ${id(entry) || index} : ${where.path.join('.')} ${where.message}`);
  });
}

const keyOf = (entry: unknown) =>
  String((entry as { key?: unknown; slug?: unknown }).key ?? (entry as { slug?: unknown }).slug ?? '');

export const SEED_EVENTS = load('demo-events.json', seedEvent, eventsJson, keyOf);
export const SEED_PARTNERS = load('demo-partners.json', seedPartner, partnersJson, keyOf);
