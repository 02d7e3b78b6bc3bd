import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPagesFirst, createTurns } from './turns';

describe('tours de la boîte', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('deux à la fois, un nouveau toutes les 20 ms au plus, et plus de file d’attente au-delà de sa limite', async () => {
    const turns = createTurns(2, { gapMs: 20, waitingMax: 2 });
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const take = (i: number) =>
      turns.take()?.then((release) => {
        started.push(i);
        releases.push(release);
      });
    const taken = [0, 1, 2, 3].map(take);
    // Two holders, two waiting: a fifth is turned away at once.
    expect(turns.take()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toEqual([0, 1]);
    // Nobody let go: the waiting ones wait, however long.
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toEqual([0, 1]);
    releases[0]();
    releases[0]();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2]);
    releases[1]();
    await vi.advanceTimersByTimeAsync(19);
    expect(started).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 1, 2, 3]);
    await Promise.all(taken);
  });

  it('une activité attend que les pages en cours soient servies, une seconde au plus', async () => {
    const pages = createPagesFirst(1000);
    const turns = createTurns(2, { before: pages.idle });
    const started: string[] = [];
    const take = (name: string) =>
      turns.take()?.then((release) => {
        started.push(name);
        release();
      });
    // No page being served: at once.
    await take('seule');
    expect(started).toEqual(['seule']);
    // Two pages being served: the activity waits for the last one to end, not the first.
    const first = pages.enter();
    const second = pages.enter();
    const waiting = take('après les pages');
    await vi.advanceTimersByTimeAsync(500);
    first();
    first();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['seule']);
    second();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['seule', 'après les pages']);
    await waiting;
    // Pages without end: the activity gets its turn after a second all the same.
    pages.enter();
    const starved = take('pas oubliée');
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['seule', 'après les pages', 'pas oubliée']);
    await starved;
    expect(pages.serving()).toBe(1);
  });
});
