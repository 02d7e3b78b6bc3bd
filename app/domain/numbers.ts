// Whole numbers as Swiss French writes them (10 000, narrow no-break space), the same on the server and in the browser
// whatever their ICU data: CLDR changed the fr-CH separator (a narrow space, then an apostrophe), and a page rendered
// with one and hydrated with the other would not match.
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}
