import { describe, expect, it } from 'vitest';
import { heapFlagsToAdd, V8_HEAP_FLAGS } from './primary';

describe('les bornes du tas de V8 des processus lancés par le principal (décisions 123 et 134)', () => {
  it('sont ajoutées toutes deux quand l’exploitant n’en a donné aucune', () => {
    expect(heapFlagsToAdd([])).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=100']);
    expect(heapFlagsToAdd(['--enable-source-maps', ''])).toEqual(V8_HEAP_FLAGS);
  });

  it('laissent à l’exploitant celle qu’il a choisie, écrite avec des tirets ou des soulignés', () => {
    expect(heapFlagsToAdd(['--max-semi-space-size=64'])).toEqual(['--heap-growing-percent=100']);
    expect(heapFlagsToAdd(['--heap_growing_percent=50'])).toEqual(['--max-semi-space-size=16']);
    expect(heapFlagsToAdd(['--max-semi-space-size=16', '--heap-growing-percent=100'])).toEqual([]);
  });
});
