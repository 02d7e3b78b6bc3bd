import { describe, expect, it } from 'vitest';
import { getServices } from '../services';
import { guardPost, type Refusal } from './guard';
import { getHoneypot } from './security';

const post = (headers: Record<string, string>, body = 'a=1') =>
  new Request('http://agenda.test/contact', {
    method: 'POST',
    headers: { Host: 'agenda.test', 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

/** What the guard refuses first (null when it lets the request through). */
async function refusalOf(request: Request, clientIp: string, audience: 'public' | 'signed-in' = 'signed-in') {
  const refusals: Refusal[] = [];
  try {
    await guardPost(
      request,
      { services: getServices(), clientIp },
      {
        audience,
        rate: audience === 'public' ? { bucket: 'contact' } : undefined,
        refuse: (refusal) => {
          refusals.push(refusal);
          return null;
        },
      },
    );
    return null;
  } catch (answer) {
    return { ...refusals[0], answer };
  }
}

describe('la garde des envois', () => {
  it('refuse une requête venue d’un autre site', async () => {
    // Same site, without `__session`: the origin is the whole check (a page from a shared cache carries no token).
    expect(await refusalOf(post({ Origin: 'http://agenda.test' }), '198.51.100.1')).toBeNull();
    // No sign of where it comes from (a script, not a browser): refused as a form without its token.
    expect((await refusalOf(post({}), '198.51.100.1'))?.reason).toBe('csrf');
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const refused = await refusalOf(post(headers), '198.51.100.1');
      expect(refused).toMatchObject({ reason: 'origin', status: 403 });
    }
  });

  it('répond 429 au-delà de la limite par minute et par IP, sans gêner les autres IP', async () => {
    // The test environment allows 3 POSTs per minute.
    for (let i = 0; i < 3; i++) expect((await refusalOf(post({}), '203.0.113.7', 'public'))?.reason).not.toBe('rate');
    const refused = await refusalOf(post({}), '203.0.113.7', 'public');
    expect(refused?.reason).toBe('rate');
    const answer = refused?.answer;
    if (!(answer instanceof Response)) throw new Error('429 attendu');
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
    // What was typed comes back with the refusal: the page gives it to send again (not a password).
    const typed = await refusalOf(post({}, 'message=Bonjour%20%C3%A0%20vous&password=secret'), '203.0.113.7', 'public');
    if (!(typed?.answer instanceof Response)) throw new Error('429 attendu');
    const body = await typed.answer.json();
    expect(body).toEqual({
      message: 'Trop de tentatives en peu de temps. Merci de patienter une minute avant de réessayer.',
      kept: { fields: [['message', 'Bonjour à vous']], hadFile: false, retryAt: expect.any(String) },
    });
    expect((await refusalOf(post({}), '203.0.113.8', 'public'))?.reason).not.toBe('rate');
  });

  it('un signal de page vue (sendBeacon) : même origine affirmée, type texte ou JSON, corps lu en texte', async () => {
    const beacon = (headers: Record<string, string>) =>
      guardPost(
        new Request('http://agenda.test/analytics/pageview', { method: 'POST', headers, body: '{"path":"/"}' }),
        { services: getServices(), clientIp: '192.0.2.9' },
        { audience: 'beacon', rate: { bucket: 'beacon-test', perMinute: 10 } },
      ).then(
        (body) => body,
        (answer: Response) => answer.status,
      );
    expect(await beacon({ 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'text/plain' })).toBe('{"path":"/"}');
    expect(await beacon({ 'Content-Type': 'text/plain' })).toBe(403);
    expect(await beacon({ 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'image/png' })).toBe(415);
  });

  it('un lien envoyé par email : ni jeton ni en-tête d’origine exigés, un autre site refusé, un seau à lui', async () => {
    const link = (headers: Record<string, string>, clientIp = '192.0.2.20') =>
      guardPost(
        post(headers, 'List-Unsubscribe=One-Click'),
        { services: getServices(), clientIp },
        {
          audience: 'link',
          rate: { bucket: 'link-test', perMinute: 2 },
        },
      ).then(
        (form) => form.get('List-Unsubscribe'),
        (answer: Response) => answer.status,
      );
    // A mail client: no cookie, no form token, no Origin nor Sec-Fetch-Site.
    expect(await link({})).toBe('One-Click');
    expect(await link({ Origin: 'https://evil.example' }, '192.0.2.21')).toBe(403);
    expect(await link({ 'Sec-Fetch-Site': 'cross-site' }, '192.0.2.21')).toBe(403);
    expect(await link({ 'Sec-Fetch-Site': 'same-origin' })).toBe('One-Click');
    expect(await link({})).toBe(429);
  });

  it('un formulaire d’une personne connectée vérifie le pot de miel s’il le demande', async () => {
    const form = (trap: string) => {
      const props = getHoneypot(getServices()).getInputProps();
      const body = new URLSearchParams({ [props.nameFieldName]: trap });
      if (props.validFromFieldName) body.set(props.validFromFieldName, props.encryptedValidFrom ?? '');
      return post({ Origin: 'http://agenda.test' }, body.toString());
    };
    const reasonOf = (request: Request, honeypot?: boolean) =>
      guardPost(request, { services: getServices(), clientIp: '192.0.2.30' }, { audience: 'signed-in', honeypot }).then(
        () => null,
        async (answer: Response) => ((await answer.json()) as { message: string }).message,
      );
    expect(await reasonOf(form('https://spam.example'))).toBeNull();
    expect(await reasonOf(form(''), true)).toBeNull();
    expect(await reasonOf(form('https://spam.example'), true)).toBe(
      'Votre envoi a été refusé par notre filtre anti-spam.',
    );
  });
});
