// What the alert form offers, in a module of its own: the list page's block needs it, not the alerts' rules.

/** Where the form « Recevoir ces événements par email » posts (from the list or from its own page). */
export const ALERT_ACTION = '/alertes/nouvelle';

export const ALERT_RHYTHMS = [
  { value: 'weekly', label: 'Chaque jeudi, pour le week-end' },
  { value: 'daily', label: 'Chaque matin' },
] as const;
