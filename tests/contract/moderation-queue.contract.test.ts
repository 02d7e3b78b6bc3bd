// The moderation queue's order is the stores' (issue 70): what starts within 48 h first, the soonest first, then the
// oldest submission first, across pages. Tonight's concert submitted last must not wait on page 2.
import { describe, expect, it } from 'vitest';
import type { ModerationQuery } from '../../app/.server/ports';
import type { AgendaEvent } from '../../app/domain/event';
import { makeEvent } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

// A Friday, 15:00 in Zurich; the clock is given, never read.
const NOW = '2030-03-01T14:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const hours = (h: number) => h * 60;

function pending(id: string, submittedMinutesAgo: number, startsIn: number, lasts = hours(2)): AgendaEvent {
  return makeEvent(
    {
      id,
      slug: id,
      title: `Événement ${id}`,
      status: 'pending',
      submittedAt: at(-submittedMinutesAgo),
      startsAt: at(startsIn),
      endsAt: at(startsIn + lasts),
    },
    { now: new Date(NOW) },
  );
}

describe.each(BACKENDS)('$name : l’ordre de la file de modération', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('ce qui commence dans les 48 h d’abord, même soumis le dernier, puis le plus ancien, page après page', async () => {
    // Eight events in ten days, submitted long ago, oldest first: q0 … q7.
    const waiting = Array.from({ length: 8 }, (_, i) => pending(`q${i}`, hours(100 - i), hours(24 * 10)));
    await store.events.insertMany([
      ...waiting,
      // Tonight's concert, submitted last: by submission alone, the last page.
      pending('ce-soir', 5, hours(5)),
      // An exhibition already open until next month, submitted recently.
      pending('expo', 10, hours(-24 * 3), hours(24 * 30)),
      // Tomorrow afternoon, submitted before tonight's concert.
      pending('demain', 20, hours(26)),
      // Over yesterday, and one in three days: not soon, in submission order.
      pending('hier', hours(200), hours(-30)),
      pending('dans-3-jours', 30, hours(72)),
    ]);
    const q: ModerationQuery = { status: 'awaiting', limit: 3, now: NOW };
    const forward: string[][] = [];
    let page = await store.events.listForModeration(q);
    forward.push(page.items.map((e) => e.id));
    while (page.next) {
      page = await store.events.listForModeration({ ...q, after: page.next });
      forward.push(page.items.map((e) => e.id));
    }
    expect(forward).toEqual([
      ['expo', 'ce-soir', 'demain'],
      ['hier', 'q0', 'q1'],
      ['q2', 'q3', 'q4'],
      ['q5', 'q6', 'q7'],
      ['dans-3-jours'],
    ]);
    expect(page.total).toBe(13);
    // Back page by page: the same pages.
    const backward: string[][] = [page.items.map((e) => e.id)];
    while (page.prev) {
      page = await store.events.listForModeration({ ...q, before: page.prev });
      backward.unshift(page.items.map((e) => e.id));
    }
    expect(backward).toEqual(forward);
    // Searched, the queue keeps that order.
    const searched = await store.events.listForModeration({ ...q, limit: 50, words: ['evenement'] });
    expect(searched.items.map((e) => e.id).slice(0, 4)).toEqual(['expo', 'ce-soir', 'demain', 'hier']);
    // Without an instant, the queue by submission alone; the other tabs ignore it.
    const bySubmission = await store.events.listForModeration({ status: 'awaiting', limit: 50 });
    expect(bySubmission.items.map((e) => e.id).slice(0, 2)).toEqual(['hier', 'q0']);
  });

  it('à 50 par page, le concert de ce soir soumis le 55e ouvre la première page', async () => {
    await store.events.insertMany([
      ...Array.from({ length: 54 }, (_, i) => pending(`p${String(i).padStart(2, '0')}`, hours(100) - i, hours(24 * 8))),
      pending('ce-soir', 1, hours(4)),
    ]);
    const first = await store.events.listForModeration({ status: 'awaiting', limit: 50, now: NOW });
    expect(first.items.map((e) => e.id).slice(0, 2)).toEqual(['ce-soir', 'p00']);
    expect(first.items).toHaveLength(50);
    const second = await store.events.listForModeration({ status: 'awaiting', limit: 50, now: NOW, after: first.next });
    expect(second.items.map((e) => e.id)).toEqual(['p49', 'p50', 'p51', 'p52', 'p53']);
  });
});
