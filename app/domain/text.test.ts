// One-line fields refuse line breaks in every form's schema; display names refuse addresses and markup.
import { describe, expect, it } from 'vitest';
import { profileSchema, registerSchema } from './auth';
import { categoryEditSchema } from './category-form';
import { contactSchema } from './contact';
import { validateEventForm } from './event-form';
import { validatePartnerForm } from './partner-form';
import {
  CONTROL_CHARACTER_MESSAGE,
  frenchTypography,
  hasLinkOrMarkup,
  NAME_WITH_LINK_MESSAGE,
  nameForMail,
  SINGLE_LINE_MESSAGE,
} from './text';

const BREAKS = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\u000b'];

/** The first message zod gives for one field of a parse. */
function messageFor(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.success ? null : (result.error?.issues.find((i) => i.path[0] === field)?.message ?? null);
}

const EVENT = {
  title: 'Concert de l’Avent',
  description: 'Un concert de chœurs romands,\navec un vin chaud offert à la sortie.',
  category: 'musique',
  startDate: '2026-12-20',
  startTime: '19:30',
  venueName: 'Temple',
  street: 'Rue du Temple 1',
  postalCode: '2610',
  city: 'Saint-Imier',
  canton: 'BE',
  isFree: 'on',
  organizerName: 'Chœur du Vallon',
  imageAlt: '',
  priceNote: '',
  priceMin: '',
  priceMax: '',
};

describe('champs d’une ligne', () => {
  it.each(BREAKS.map((b) => [JSON.stringify(b), b]))('un retour à la ligne %s est refusé avec un message', (_, brk) => {
    const event = (field: string) =>
      validateEventForm({ ...EVENT, [field]: `Première ligne${brk}Set-Cookie: x=1` }, new Date('2026-01-01'));
    for (const field of [
      'title',
      'venueName',
      'street',
      'city',
      'organizerName',
      'priceNote',
      'imageAlt',
      'performers',
    ]) {
      expect(event(field).errors[field], field).toBe(SINGLE_LINE_MESSAGE);
    }
    const contact = { name: 'Léa', email: 'lea@exemple.ch', subject: 'Question', message: 'Bonjour,\nune question.' };
    expect(contactSchema.safeParse(contact).success).toBe(true);
    expect(
      messageFor(contactSchema.safeParse({ ...contact, subject: `Objet${brk}Bcc: x@evil.example` }), 'subject'),
    ).toBe(SINGLE_LINE_MESSAGE);
    expect(messageFor(contactSchema.safeParse({ ...contact, name: `Léa${brk}Dupont` }), 'name')).toBe(
      SINGLE_LINE_MESSAGE,
    );
    const partner = {
      name: `Théâtre${brk}du Jorat`,
      kind: 'partenaire',
      description: '',
      websiteUrl: '',
      active: 'on',
    };
    expect(validatePartnerForm(partner)).toMatchObject({ ok: false, errors: { name: SINGLE_LINE_MESSAGE } });
    const category = { label: `Jeux${brk}de société`, description: '', color: '#7b2d8e', active: 'on' };
    expect(messageFor(categoryEditSchema.safeParse(category), 'label')).toBe(SINGLE_LINE_MESSAGE);
    expect(messageFor(profileSchema.safeParse({ displayName: `Léa${brk}Dupont` }), 'displayName')).toBe(
      SINGLE_LINE_MESSAGE,
    );
  });

  it('la description d’un événement garde ses paragraphes', () => {
    expect(validateEventForm(EVENT, new Date('2026-01-01')).ok).toBe(true);
  });
});

describe('caractères de contrôle', () => {
  // U+0000 in one approved title made the whole RSS feed unreadable XML; U+202E makes a name read backwards.
  const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u009b', '\u202e', '\u2066', '\uffff'];
  it.each(CONTROLS.map((c) => [JSON.stringify(c), c]))(
    '%s est refusé dans chaque champ, descriptions comprises',
    (_, c) => {
      const event = validateEventForm(
        { ...EVENT, title: `Concert${c}X`, description: `${EVENT.description}${c}` },
        new Date('2026-01-01'),
      );
      expect(event.errors.title).toBe(CONTROL_CHARACTER_MESSAGE);
      expect(event.errors.description).toBe(CONTROL_CHARACTER_MESSAGE);
      const contact = {
        name: 'Léa',
        email: 'lea@exemple.ch',
        subject: 'Question',
        message: `Bonjour, une question${c}.`,
      };
      expect(messageFor(contactSchema.safeParse(contact), 'message')).toBe(CONTROL_CHARACTER_MESSAGE);
      expect(messageFor(profileSchema.safeParse({ displayName: `Léa${c}Dupont` }), 'displayName')).toBe(
        CONTROL_CHARACTER_MESSAGE,
      );
      const partner = { name: 'Théâtre', kind: 'partenaire', description: `Scène${c}`, websiteUrl: '', active: 'on' };
      expect(validatePartnerForm(partner)).toMatchObject({
        ok: false,
        errors: { description: CONTROL_CHARACTER_MESSAGE },
      });
    },
  );

  it('les tabulations, les paragraphes et les lettres de toutes les langues restent permis', () => {
    const text = 'Chœur\tde Zürich — ‹ Ελληνικά › עברית العربية 日本語';
    expect(
      validateEventForm({ ...EVENT, description: `${text}\n\nDeuxième paragraphe.` }, new Date('2026-01-01')).ok,
    ).toBe(true);
  });
});

describe('noms affichés', () => {
  it.each([
    '<b>X</b> click http://evil.example',
    'Gagnez sur www.promo.example',
    'evil.com',
    'Écrivez à lea@exemple.ch',
    'javascript:alert(1)',
    '<img src=x>',
    'Léa > Zoé',
    'evil。com',
    'ｅｖｉｌ．ｃｏｍ',
  ])('« %s » est refusé à l’inscription et dans le profil', (name) => {
    const register = registerSchema.safeParse({
      displayName: name,
      email: 'lea@exemple.ch',
      password: 'une phrase longue',
    });
    expect(messageFor(register, 'displayName')).toBe(NAME_WITH_LINK_MESSAGE);
    expect(messageFor(profileSchema.safeParse({ displayName: name }), 'displayName')).toBe(NAME_WITH_LINK_MESSAGE);
  });

  it.each([
    'Chœur de la Broye',
    'M. et Mme Dupont',
    'Dr. Müller & Co.',
    'St.Gallen Chorale',
    'L’Usine à Gaz',
    'Groupe 1.2',
  ])('« %s » est accepté', (name) => {
    expect(hasLinkOrMarkup(name)).toBe(false);
    expect(profileSchema.safeParse({ displayName: name }).success).toBe(true);
  });

  it('un nom d’avant la règle perd ses adresses et ses balises dans les mails', () => {
    expect(nameForMail('<b>X</b> click http://evil.example')).toBe('X click');
    expect(nameForMail('Chœur de la Broye')).toBe('Chœur de la Broye');
    expect(nameForMail('www.evil.example')).toBe('');
  });
});

describe('typographie française de ce qui est tapé', () => {
  it('une espace insécable où une espace ordinaire précède « : ; ! ? », dans les « », l’apostrophe typographique', () => {
    // An outside tester's « Concert de l'Avent : Quatuor » was shown as typed, with a plain space and a straight quote.
    expect(frenchTypography("Concert de l'Avent : Quatuor « Sine Nomine » ; entrée libre !")).toBe(
      'Concert de l’Avent\u00a0: Quatuor «\u00a0Sine Nomine\u00a0»\u00a0; entrée libre\u00a0!',
    );
    // Nothing added where nothing was: hours, a web address, English written without spaces.
    expect(frenchTypography('Portes 19:30, https://exemple.ch/?a=1, Note: yes')).toBe(
      'Portes 19:30, https://exemple.ch/?a=1, Note: yes',
    );
  });
});
