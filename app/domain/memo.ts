// A bounded memo of a pure function of one string or number: what a page computes many times over the same values
// (the Zurich day of the same instants, the same dates in French, bench/profile-pages.ts), computed once. Emptied whole
// when full: no order to keep, and the values that matter come back at once.
//
// On the server only: a page in the browser formats few dates, and every page would load the memo's code. Vite writes
// `import.meta.env.SSR` as a constant in each build (false in the browser's: this code is left out of it); under
// plain Node (tests, benches) `import.meta.env` is absent and the memo applies.
export function memoized<K extends string | number, V>(compute: (key: K) => V, max = 5000): (key: K) => V {
  if ((import.meta as { env?: { SSR?: boolean } }).env?.SSR === false) return compute;
  const values = new Map<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = compute(key);
      if (values.size >= max) values.clear();
      values.set(key, value);
    }
    return value;
  };
}
