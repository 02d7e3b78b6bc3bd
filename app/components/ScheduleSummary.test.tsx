// What an organizer reads under the schedule (issue 47): a rule of « 8 fois » with two dates skipped says why the list
// has six, and a seventh date is named rather than « et 1 autre ».
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { summariseSchedule } from '~/domain/schedule-preview';
import { describeSchedule } from '~/domain/schedule-text';
import { makeSaturdayMarket } from '../../tests/support/factories';
import { ScheduleSummary } from './ScheduleSummary';

const text = (html: string) =>
  html
    .replace(/<\/li>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ');

describe('le résumé des dates', () => {
  it('une règle de 8 fois dont 2 dates exclues dit « 6 dates (8 prévues, 2 exclues) » et nomme les exclues', () => {
    const rule = makeSaturdayMarket({
      firstDate: '2026-12-05',
      until: '',
      count: 8,
      exclude: ['2026-12-26', '2027-01-02'],
    });
    const shown = text(renderToStaticMarkup(<ScheduleSummary summary={summariseSchedule(rule)} />));
    // The dates that take place, as the moderation queue counts them (« 6 dates · »): one count (issue 70).
    expect(shown).toContain('6 dates (8 prévues, 2 exclues) :');
    expect(shown).not.toContain('8 dates');
    expect(shown).toContain('Sauf le 26 décembre 2026 et le 2 janvier 2027.');
    expect(shown).not.toMatch(/\bet \d+ autres?\b/);
  });

  it('sept dates : la septième est nommée, pas « et 1 autre »', () => {
    const rule = makeSaturdayMarket({ firstDate: '2026-12-05', until: '', count: 7, exclude: [] });
    const html = renderToStaticMarkup(<ScheduleSummary summary={summariseSchedule(rule)} />);
    expect(html.match(/<li>/g)).toHaveLength(7);
    expect(text(html)).toContain('sam. 16 janv.');
    expect(text(html)).not.toContain('autre');
    // The same in the sentence of a list of dates: nine named, not eight and « et 1 autre ».
    const nine = Array.from({ length: 9 }, (_, i) => ({ date: `2026-12-${String(i + 10)}`, start: '20:00', end: '' }));
    expect(describeSchedule({ kind: 'dates', dates: nine })).not.toContain('autre');
    expect(
      describeSchedule({ kind: 'dates', dates: [...nine, { date: '2026-12-30', start: '20:00', end: '' }] }),
    ).toContain('et 2 autres');
  });
});
