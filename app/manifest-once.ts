// Remix's route discovery (v3_lazyRouteDiscovery) asks /__manifest for the links of the page once hydrated, then again,
// 100 ms after any change of the page, for the links not yet known; those become known only when the first answer has
// come, so on a slow network the same URL left twice (issue 50). The same manifest request shares the first's answer:
// for one build version and one list of paths, the answer never changes.
const MANIFEST_PATH = '/__manifest?';

export function askManifestOnce(target: Pick<Window, 'fetch'> & { location: { origin: string } }): void {
  const fetchOne = target.fetch.bind(target);
  const answers = new Map<string, Promise<Response>>();
  target.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    // A navigation's own discovery carries an abort signal: it keeps its own request.
    if (!url || init?.signal || (init?.method ?? 'GET') !== 'GET' || !url.includes(MANIFEST_PATH))
      return fetchOne(input, init);
    const key = new URL(url, target.location.origin).href;
    let answer = answers.get(key);
    if (!answer) {
      answer = fetchOne(input, init);
      answers.set(key, answer);
      // A failure is not kept: the next try asks again.
      answer.then(
        (response) => {
          if (!response.ok) answers.delete(key);
        },
        () => answers.delete(key),
      );
    }
    return answer.then((response) => response.clone());
  };
}
