import type { ReactNode } from 'react';

/** A text whose hyphenated words stay whole when it wraps (« pour le week- / end » on a 360 px phone). */
export function wholeWords(text: string): ReactNode[] {
  return text.split(/(\S+-\S+)/).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
      <span key={i} className="whole-word">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
