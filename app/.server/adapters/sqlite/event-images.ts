// The image paths of an event row: its content's and its pending revision's (JSON columns).
import { type Row, str } from './rows';

export function imagePathsOf(row: Row): string[] {
  const image = row.image ? (JSON.parse(str(row.image)) as { path?: unknown }) : null;
  const revision = row.revision ? (JSON.parse(str(row.revision)) as { image?: { path?: unknown } | null }) : null;
  return [image?.path, revision?.image?.path].filter((p): p is string => typeof p === 'string');
}
