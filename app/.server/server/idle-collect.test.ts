// A serving process gives its heap back once idle, once per idle spell, never while a request is under way (decision
// 174). The clock is the test's (fake timers); V8's collection is a spy.
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { collectWhenIdle, HEAP_GROWTH_BYTES, IDLE_COLLECT_MS } from './idle-collect';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A request that comes to `server`; `end()` closes its response, as Node does once the answer is sent. */
function request(server: http.Server): { end(): void } {
  const response = new EventEmitter();
  server.emit('request', new EventEmitter(), response);
  return { end: () => response.emit('close') };
}

const lastResort = { type: 'major', execution: 'sync', flavor: 'last-resort' };

test('au repos, le processus qui sert rend son tas une fois, après IDLE_COLLECT_MS sans requête', () => {
  const server = http.createServer();
  const collect = vi.fn();
  collectWhenIdle(server, collect);
  vi.advanceTimersByTime(IDLE_COLLECT_MS - 1);
  expect(collect).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(collect).toHaveBeenCalledTimes(1);
  expect(collect).toHaveBeenCalledWith(lastResort);
  // Still idle: nothing more to give back.
  vi.advanceTimersByTime(10 * IDLE_COLLECT_MS);
  expect(collect).toHaveBeenCalledTimes(1);
});

test('une requête en cours repousse la collecte, la dernière réponse finie la réarme', () => {
  const server = http.createServer();
  let heap = 60 * 1024 * 1024;
  const collect = vi.fn();
  collect.mockImplementation(() => {
    heap = 40 * 1024 * 1024;
  });
  collectWhenIdle(server, collect, 10_000, () => heap);
  vi.advanceTimersByTime(5_000);
  const slow = request(server);
  const quick = request(server);
  vi.advanceTimersByTime(1_000);
  quick.end();
  // The slow answer is still under way when the idle delay passes: no collection in the middle of it.
  vi.advanceTimersByTime(20_000);
  expect(collect).not.toHaveBeenCalled();
  slow.end();
  vi.advanceTimersByTime(9_999);
  expect(collect).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(collect).toHaveBeenCalledTimes(1);
  // A visit that grew the heap little: no major collection for it (a quiet site would pay one per visit).
  heap += HEAP_GROWTH_BYTES / 2;
  request(server).end();
  vi.advanceTimersByTime(10_000);
  expect(collect).toHaveBeenCalledTimes(1);
  // Requests that grew it: one more collection once they are over.
  heap += HEAP_GROWTH_BYTES;
  request(server).end();
  vi.advanceTimersByTime(10_000);
  expect(collect).toHaveBeenCalledTimes(2);
});

test('sans le gc de V8 (--expose-gc absent), rien n’est armé', () => {
  const server = http.createServer();
  collectWhenIdle(server, undefined);
  expect(server.listenerCount('request')).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});
