// Counts as Swiss French writes them (10 000, narrow no-break space), the same on the server and in the browser.
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/** "1 événement", "3 événements", "0 événement" (French: singular below 2). */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${Math.abs(n) < 2 ? singular : pluralForm}`;
}
