// A tiny local stand-in for the part of Stripe's API the donations use, so that tests never reach the network:
// POST /v1/checkout/sessions (form-encoded, as the SDK sends it) and GET /v1/checkout/sessions/:id.
// The test decides what the customer did on the hosted page (markPaid, markProcessing, expire), or a browser does
// it on a bare stand-in of that page (GET /c/pay/:id, with « Payer » and « Annuler »).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  submit_type: string | null;
  locale: string | null;
  url: string | null;
  created: number;
  livemode: false;
  /** What the SDK sent, as parsed by the stand-in (for assertions on line items etc.). */
  request: Record<string, unknown>;
}

export interface StripeStandIn {
  /** http://127.0.0.1:port */
  url: string;
  host: string;
  port: number;
  sessions: Map<string, StandInSession>;
  /** Every request received, in order: method, path, authorization header. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  markPaid(id: string): StandInSession;
  /** Checkout completed, but the payment is still being processed (delayed payment methods). */
  markProcessing(id: string): StandInSession;
  expire(id: string): StandInSession;
  close(): Promise<void>;
}

/** Turns `a[b][0][c]=1` pairs into nested objects and arrays, the way Stripe reads them. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = /^\d+$/.test(path[i + 1]) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${crypto.randomUUID()}` });
  res.end(JSON.stringify(body));
}

function stripeError(res: http.ServerResponse, status: number, message: string, code?: string, param?: string) {
  json(res, status, { error: { type: 'invalid_request_error', message, code, param } });
}

export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const requests: StripeStandIn['requests'] = [];
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
      const api = path.startsWith('/v1/');
      if (api && options.secretKey && req.headers.authorization !== `Bearer ${options.secretKey}`) {
        return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const params = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
        const items = (params.line_items ?? []) as {
          quantity?: string;
          price_data?: { currency?: string; unit_amount?: string };
        }[];
        if (params.mode !== 'payment' || items.length === 0) {
          return stripeError(res, 400, 'Missing required param: line_items.', 'parameter_missing', 'line_items');
        }
        const currency = items[0].price_data?.currency ?? '';
        const total = items.reduce(
          (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
          0,
        );
        const id = `cs_test_${crypto.randomBytes(18).toString('hex')}`;
        const session: StandInSession = {
          id,
          object: 'checkout.session',
          mode: String(params.mode),
          status: 'open',
          payment_status: 'unpaid',
          amount_total: total,
          amount_subtotal: total,
          currency,
          metadata: (params.metadata ?? {}) as Record<string, string>,
          client_reference_id: (params.client_reference_id as string | undefined) ?? null,
          customer_email: (params.customer_email as string | undefined) ?? null,
          success_url: String(params.success_url ?? ''),
          cancel_url: String(params.cancel_url ?? ''),
          submit_type: (params.submit_type as string | undefined) ?? null,
          locale: (params.locale as string | undefined) ?? null,
          url: `${origin}/c/pay/${id}`,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          request: params,
        };
        sessions.set(id, session);
        return json(res, 200, session);
      }
      // The hosted payment page, reduced to two links: pay (→ success_url) or give up (→ cancel_url).
      const page = path.match(/^\/c\/pay\/([^/]+?)(\/payer)?$/);
      if (req.method === 'GET' && page) {
        const session = sessions.get(page[1]);
        if (!session) return stripeError(res, 404, 'No such checkout.session.');
        if (page[2]) {
          Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
          res.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
          return res.end();
        }
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><title>Stripe (doublure)</title><h1>CHF ${(session.amount_total / 100).toFixed(2)}</h1>` +
            `<a href="/c/pay/${session.id}/payer">Payer</a> <a href="${session.cancel_url.replace(/&/g, '&amp;')}">Annuler</a>`,
        );
      }
      const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]));
        if (!session) {
          return stripeError(res, 404, `No such checkout.session: '${match[1]}'`, 'resource_missing', 'session');
        }
        const { request: _request, ...body } = session;
        return json(res, 200, body);
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  const update = (id: string, patch: Partial<StandInSession>) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`session inconnue du stand-in : ${id}`);
    Object.assign(session, patch);
    return session;
  };

  return {
    url: origin,
    host: '127.0.0.1',
    port,
    sessions,
    requests,
    markPaid: (id) => update(id, { status: 'complete', payment_status: 'paid', url: null }),
    markProcessing: (id) => update(id, { status: 'complete', payment_status: 'unpaid', url: null }),
    expire: (id) => update(id, { status: 'expired', url: null }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
