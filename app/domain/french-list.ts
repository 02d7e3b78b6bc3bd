// « a, b et c »: a module of its own, so that a page that lists a few words does not load how a schedule is read
// (schedule-text, schedule-days: loaded after the event form shows, issue 50).

/** « a », « a et b », « a, b et c ». */
export function frenchList(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}
