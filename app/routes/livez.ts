// /livez, liveness (decision 062): this process answers. Nothing else is checked, on purpose: a supervisor restarts a
// process that does not answer, and restarting it would not free a full disk (that is /healthz's 503).
export function loader() {
  return new Response('vivant\n', {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
