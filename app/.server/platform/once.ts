// A value made on first use and kept by its module. A module is loaded once per process (server.ts reads the app from
// its build, never from source: docs/decisions/033-racine-de-composition.md), so this is one value per process.
export function once<T>(create: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = create();
      made = true;
    }
    return value;
  };
}
