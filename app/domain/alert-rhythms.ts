// What the alert form offers, in a module of its own: the list page's block needs it, not the alerts' rules.

/** Where the form « Recevoir ces événements par email » posts (from the list or from its own page). */
export const ALERT_ACTION = '/alertes/nouvelle';

export const ALERT_RHYTHMS = [
  { value: 'weekly', label: 'Chaque jeudi, pour le week-end' },
  { value: 'daily', label: 'Chaque matin' },
] as const;

/**
 * The rhythms that suit a selection (its URL query): a « Ce week-end » list is sent on Thursday, for the weekend; a
 * morning mail would repeat it all week (issue 33).
 */
export function rhythmsFor(filter: string): readonly (typeof ALERT_RHYTHMS)[number][] {
  return new URLSearchParams(filter).get('quand') === 'week-end'
    ? ALERT_RHYTHMS.filter((r) => r.value === 'weekly')
    : ALERT_RHYTHMS;
}

/** Said when « Chaque matin » is asked for a « Ce week-end » selection anyway. */
export const WEEKEND_IS_WEEKLY =
  '«\u00a0Chaque matin\u00a0» ne convient pas à une sélection «\u00a0Ce week-end\u00a0»\u00a0: elle est envoyée chaque jeudi, pour le week-end.';
