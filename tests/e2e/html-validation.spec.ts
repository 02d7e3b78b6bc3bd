// The main pages, as the production server sends them, checked against the HTML standard by html-validate (offline):
// no repeated id, no attribute value the standard does not allow (autocomplete="nope"…), no title over 70 characters
// (issue 52). Read over HTTP only: what search engines and validators read.
import { HtmlValidate } from 'html-validate';
import { expect, test } from './fixtures';

const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  rules: {
    // Titles as search engines show them whole (issue 52): at most 70 characters.
    'long-title': ['error', { maxlength: 70 }],
    // React writes `<input ... />` and `<br/>` as XHTML does: the slash is allowed on void elements and means nothing.
    'void-style': 'off',
  },
});

async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId} l.${m.line}: ${m.message} ${m.selector ?? ''}`),
  );
}

test.describe('validation HTML des pages principales @http', () => {
  test('les pages publiques respectent le standard HTML', async ({ request, createEvent }) => {
    const event = await createEvent({ status: 'approved' });
    const pages = [
      '/',
      '/evenements',
      '/evenements?q=concert',
      `/evenement/${event.id}`,
      '/lieux',
      '/organisateurs',
      '/contact',
      '/about',
      '/faq',
      '/developpeurs',
      '/auth/login',
      '/auth/register',
      '/auth/forgot-password',
      '/alertes/nouvelle',
    ];
    const found: Record<string, string[]> = {};
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const list = await problems(await response.text());
      if (list.length) found[path] = list;
    }
    expect(found).toEqual({});
    // The home page announces the agenda's RSS feed, as the list announces its selection's (issue 52).
    const home = await (await request.get('/')).text();
    expect(home).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/evenements\.rss"\/?>/,
    );
  });

  test('la page de proposition d’un événement (deux formulaires) : aucun id répété, aucune valeur interdite', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const response = await page.request.get('/organizer/submit-event');
    expect(response.status()).toBe(200);
    const html = await response.text();
    // Its two forms each carry the anti-spam fields.
    expect(html.match(/name="website_confirm"/g)?.length).toBeGreaterThan(1);
    expect(await problems(html)).toEqual([]);
  });
});
