// The number shown for a page read by cursor (ports/paging.ts): the link that led there carries it, the neighbours say
// where it cannot be (no page before: the first; no page after: the last).
export function shownPage(asked: number, neighbours: { prev: string | null; next: string | null }, pages: number) {
  if (neighbours.prev === null) return 1;
  return Math.max(2, Math.min(asked, neighbours.next === null ? pages : pages - 1));
}

/** The page number of a link, bounded; without a cursor, the first page whatever it says. */
export function askedPage(params: URLSearchParams): { page: number; after: string | null; before: string | null } {
  const cursor = (name: string) => {
    const value = params.get(name);
    return value && value.length <= 200 ? value : null;
  };
  const after = cursor('after');
  const before = after ? null : cursor('before');
  const page = Number.parseInt(params.get('page') ?? '1', 10) || 1;
  return { page: after || before ? Math.max(1, Math.min(1_000_000, page)) : 1, after, before };
}
