// A bounded memo of a pure function of one string or number: what a page computes many times over the same values
// (the Zurich day of the same instants, the same dates in French, bench/profile-pages.ts), computed once. Emptied whole
// when full: no order to keep, and the values that matter come back at once.
export function memoized<K extends string | number, V>(compute: (key: K) => V, max = 5000): (key: K) => V {
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
