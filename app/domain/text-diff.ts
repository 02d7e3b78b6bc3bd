// What changed between two texts, word by word (issue 33): the moderator reads an edit as one text with the removed
// words struck out and the added ones marked, rather than two whole descriptions side by side. Long unchanged runs are
// cut to a few words of context. Pure: a longest common subsequence over words (a description has at most 5000
// characters, about 800 words).
export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string } | { kind: 'cut'; text: '…' };

/** Words and the spaces between them, kept apart so the text comes back as it was. */
const tokens = (text: string) => text.split(/(\s+)/).filter((t) => t !== '');

/** Beyond this many cells the comparison gives up on words and shows the text replaced whole. */
const MAX_CELLS = 2_000_000;

function lcsTable(a: string[], b: string[]): Uint16Array[] {
  const rows = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      rows[i][j] = a[i] === b[j] ? rows[i + 1][j + 1] + 1 : Math.max(rows[i + 1][j], rows[i][j + 1]);
  return rows;
}

function push(parts: DiffPart[], kind: 'same' | 'removed' | 'added', text: string) {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The words of `before` and `after`, each kept, removed or added, in reading order. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const parts: DiffPart[] = [];
  if (a.length * b.length > MAX_CELLS) {
    if (before) push(parts, 'removed', before);
    if (after) push(parts, 'added', after);
    return parts;
  }
  const table = lcsTable(a, b);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i]);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) push(parts, 'removed', a[i++]);
    else push(parts, 'added', b[j++]);
  }
  while (i < a.length) push(parts, 'removed', a[i++]);
  while (j < b.length) push(parts, 'added', b[j++]);
  return joinChanges(parts);
}

/**
 * Changes separated by a mere space read as one: « libre, chapeau » replaced by « 20 francs, » is one struck phrase
 * and one added phrase, not word after word in turn.
 */
function joinChanges(parts: DiffPart[]): DiffPart[] {
  const joined: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) joined.push({ kind: 'removed', text: removed });
    if (added) joined.push({ kind: 'added', text: added });
    removed = '';
    added = '';
  };
  parts.forEach((part, index) => {
    const between = index > 0 && index < parts.length - 1 && (removed || added) && parts[index + 1].kind !== 'same';
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else if (part.kind === 'same' && between && /^\s+$/.test(part.text)) {
      removed += part.text;
      added += part.text;
    } else {
      flush();
      joined.push(part);
    }
  });
  flush();
  return joined;
}

/** Words of context kept on each side of a change. */
const CONTEXT = 8;

/** The diff with each long unchanged run cut to its edges (« … » between): what changed, and where. */
export function compactDiff(parts: DiffPart[], context = CONTEXT): DiffPart[] {
  return parts.flatMap((part, index): DiffPart[] => {
    if (part.kind !== 'same') return [part];
    const words = tokens(part.text);
    const keepBefore = index > 0 ? context * 2 : 0;
    const keepAfter = index < parts.length - 1 ? context * 2 : 0;
    if (words.length <= keepBefore + keepAfter + 6) return [part];
    const head = words.slice(0, keepBefore).join('');
    const tail = keepAfter ? words.slice(-keepAfter).join('') : '';
    return [
      ...(head ? [{ kind: 'same' as const, text: head }] : []),
      { kind: 'cut' as const, text: '…' as const },
      ...(tail ? [{ kind: 'same' as const, text: tail }] : []),
    ];
  });
}
