// What bench/faults.ts needs beside the server: a mail server that can be slow, down or silent and counts what it
// accepts; a calendar of thousands of events; a probe that times pages while the server works; the counts read from
// the data folder after a crash; and the event form posted as a browser would (bench/durability.ts too).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Agent, fetch as undiciFetch } from 'undici';
import { percentile } from './lib';

export type SmtpMode = 'normal' | 'slow' | 'silent' | 'down';

export interface FakeSmtp {
  url: string;
  mode: SmtpMode;
  /** Accepted messages by Message-ID: how many times each was accepted, and to whom. */
  accepted: Map<string, { count: number; to: string }>;
  setMode(mode: SmtpMode): Promise<void>;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server (RFC 5321, no TLS, no auth). `slow`: every answer but the last one waits `delayMs` (the final
 * « 250 » after the data comes at once, as real servers answer once the mail is queued). `silent`: connections are
 * accepted and never answered. `down`: nothing listens.
 */
export async function startFakeSmtp(port: number, delayMs = 150): Promise<FakeSmtp> {
  const sockets = new Set<net.Socket>();
  let mode: SmtpMode = 'normal';
  const accepted = new Map<string, { count: number; to: string }>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (mode === 'silent') return;
    const slow = mode === 'slow';
    const reply = (line: string, immediate = false) => {
      const send = () => !socket.destroyed && socket.write(`${line}\r\n`);
      if (slow && !immediate) setTimeout(send, delayMs);
      else send();
    };
    let buffer = '';
    let inData = false;
    let to = '';
    reply('220 faux-smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const id = /^Message-ID:\s*(<[^>]+>)/im.exec(message)?.[1] ?? `sans-id-${accepted.size}`;
          const seen = accepted.get(id);
          accepted.set(id, { count: (seen?.count ?? 0) + 1, to });
          reply('250 2.0.0 accepté', true);
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 faux-smtp');
        else if (verb === 'MAIL') reply('250 2.1.0 ok');
        else if (verb === 'RCPT') {
          to = /<([^>]+)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 fin par <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 au revoir');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 commande inconnue');
      }
    });
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen();
  const smtp: FakeSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    set mode(value) {
      mode = value;
    },
    accepted,
    async setMode(next) {
      if (next === 'down' && mode !== 'down') await stop();
      if (next !== 'down' && mode === 'down') await listen();
      if (next === 'normal' || next === 'slow') for (const socket of sockets) socket.destroy();
      mode = next;
    },
    close: () => (mode === 'down' ? Promise.resolve() : stop()),
  };
  return smtp;
}

/** How many messages were accepted, how many more than once (by Message-ID). */
export function deliveries(smtp: FakeSmtp, toMatching: RegExp) {
  const mine = [...smtp.accepted.values()].filter((m) => toMatching.test(m.to));
  const perRecipient = new Map<string, number>();
  for (const m of mine) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
  return {
    delivered: mine.length,
    twice: mine.filter((m) => m.count > 1).length + [...perRecipient.values()].filter((n) => n > 1).length,
  };
}

/** A calendar of `count` events over the coming year, each with its own UID, title and time. */
export function bigCalendar(count: number, now = new Date()): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//banc//pannes//FR'];
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  for (let i = 0; i < count; i++) {
    const start = new Date(now.getTime() + (2 + (i % 340)) * 86_400_000);
    start.setUTCHours(6 + (i % 13), 0, 0, 0);
    const end = new Date(start.getTime() + 2 * 3600_000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:banc-${i}@pannes.example`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(end)}`,
      `SUMMARY:Calendrier ${String(i).padStart(5, '0')}`,
      `DESCRIPTION:L’événement numéro ${i} du grand calendrier importé pendant le banc des pannes.`,
      `LOCATION:Salle ${i % 50}\\, Rue du Marché ${i % 90}\\, 1003 Lausanne`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

export async function serveCalendar(port: number, body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/agenda.ics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Probe {
  stop(): Promise<void>;
  /** Latencies (ms) per path, refused or failed requests, since start or the last reset. */
  report(): { path: string; count: number; p50: number; p99: number; max: number; failed: number }[];
  reset(): void;
  pause(): void;
  resume(): void;
}

/** One request after the other on each path, each on its own connection, while the server works. */
export function startProbe(base: string, paths: string[]): Probe {
  const latencies = new Map<string, number[]>(paths.map((p) => [p, []]));
  const failed = new Map<string, number>(paths.map((p) => [p, 0]));
  let running = true;
  let paused = false;
  const loops = paths.map(async (urlPath) => {
    while (running) {
      if (paused) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const started = performance.now();
      try {
        const response = await fetch(`${base}${urlPath}`, {
          headers: { Connection: 'close' },
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        if (!paused) {
          if (response.status >= 500) failed.set(urlPath, (failed.get(urlPath) ?? 0) + 1);
          else latencies.get(urlPath)?.push(performance.now() - started);
        }
      } catch {
        if (!paused) failed.set(urlPath, (failed.get(urlPath) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    report() {
      return paths.map((p) => {
        const sorted = [...(latencies.get(p) ?? [])].sort((a, b) => a - b);
        return {
          path: p,
          count: sorted.length,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted.at(-1) ?? Number.NaN,
          failed: failed.get(p) ?? 0,
        };
      });
    },
    reset() {
      for (const p of paths) {
        latencies.set(p, []);
        failed.set(p, 0);
      }
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
  };
}

/** Reads the data folder (read-only, beside the running server). */
export function openData(dataDir: string) {
  return new Database(path.join(dataDir, 'agenda.sqlite'), { readonly: true, fileMustExist: true, timeout: 5000 });
}

/**
 * Files under uploads/ that nothing refers to: image variants of no event or partner, and temporary files of a write
 * cut short. (`pending/`, the uploads of forms to send again, lives a day on purpose and is not counted.)
 */
export function orphanFiles(dataDir: string): string[] {
  const db = openData(dataDir);
  const referenced = new Set<string>();
  for (const row of db.prepare('SELECT image, revision FROM events').all() as { image: string; revision: string }[]) {
    const image = row.image ? JSON.parse(row.image) : null;
    const revision = row.revision ? JSON.parse(row.revision) : null;
    for (const p of [image?.path, revision?.image?.path]) if (p) referenced.add(p);
  }
  for (const row of db.prepare('SELECT logo FROM partners').all() as { logo: string | null }[]) {
    const m = /\/uploads\/(partners\/[a-z0-9]+)-\d+\.webp$/.exec(row.logo ?? '');
    if (m) referenced.add(m[1]);
  }
  db.close();
  const root = path.join(dataDir, 'uploads');
  const orphans: string[] = [];
  const walk = (dir: string, relative: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (key !== 'pending') walk(path.join(dir, entry.name), key);
      } else if (entry.name.startsWith('.') || !referenced.has(key.replace(/-\d+\.webp$/, ''))) orphans.push(key);
    }
  };
  walk(root, '');
  return orphans;
}

/**
 * One event form posted as a browser would (durability.ts, faults.ts): true when the server acknowledged it (a
 * redirect to the confirmation), false for any other answer.
 */
export async function submitEvent(
  base: string,
  form: { body: string | Uint8Array; contentType: string },
  cookie: string,
  dispatcher: Agent,
): Promise<{ acknowledged: boolean; status: number }> {
  const response = await undiciFetch(`${base}/organizer/submit-event`, {
    method: 'POST',
    body: form.body,
    headers: { 'Content-Type': form.contentType, Cookie: cookie, Origin: base },
    redirect: 'manual',
    dispatcher,
  });
  await response.arrayBuffer().catch(() => undefined);
  const acknowledged = response.status === 302 && /event-confirmation/.test(response.headers.get('location') ?? '');
  return { acknowledged, status: response.status };
}
