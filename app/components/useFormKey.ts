import { useRef } from 'react';

/**
 * A key that changes with each action result, so a form remounts from its defaults after an answer:
 * kept values come back from the server, password fields come back empty (they are never sent back).
 */
export function useFormKey(result: unknown): number {
  const last = useRef(result);
  const key = useRef(0);
  if (last.current !== result) {
    last.current = result;
    key.current += 1;
  }
  return key.current;
}
