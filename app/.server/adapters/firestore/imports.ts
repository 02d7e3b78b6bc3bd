// Calendar sources in Firestore (app/.server/imports/ports.ts): `importSources/{id}`, `importLinks/{sourceId:uid}`,
// `importRuns/{id}`.
import type { DocumentReference, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { ImportLink, ImportRun, ImportSource, ImportStore } from '../../imports/ports';
import { abandonedSource, runTransitions } from '../../imports/run-state';
import type { FirestoreContext } from './context';
import { COLLECTIONS, deleteAll, docKey } from './db';

interface LoggedRun {
  ref: DocumentReference;
  startedAt: string;
  /** The order of logging within a source (absent on runs logged before it existed). */
  seq: number;
}
const order = (d: QueryDocumentSnapshot): LoggedRun => ({
  ref: d.ref,
  startedAt: String(d.get('startedAt')),
  seq: Number(d.get('seq')) || 0,
});
const newestFirst = (a: LoggedRun, b: LoggedRun) => b.startedAt.localeCompare(a.startedAt) || b.seq - a.seq;

export function createImportStore(ctx: FirestoreContext): ImportStore {
  const sources = () => ctx.db.collection(COLLECTIONS.importSources);
  const links = () => ctx.db.collection(COLLECTIONS.importLinks);
  const runs = () => ctx.db.collection(COLLECTIONS.importRuns);
  /**
   * Reads, changes and writes one source in one transaction (which isolates instances), queued behind this process's
   * other changes of it (the keyed lock: see db.ts).
   */
  const update = async <T>(
    id: string,
    change: (source: ImportSource) => { next: ImportSource | null; result: T },
    none: T,
  ): Promise<T> => {
    const ref = sources().doc(id);
    const result = await ctx.lock(`importSource:${id}`, () =>
      ctx.db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) return none;
        const { next, result } = change(snapshot.data() as ImportSource);
        if (next) tx.set(ref, { ...next });
        return result;
      }),
    );
    ctx.touched();
    return result;
  };
  const byName = (a: ImportSource, b: ImportSource) =>
    a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }) || a.id.localeCompare(b.id);
  return {
    async listSources() {
      return (await sources().get()).docs.map((d) => d.data() as ImportSource).sort(byName);
    },
    async findSource(id) {
      const snapshot = await sources().doc(id).get();
      return snapshot.exists ? (snapshot.data() as ImportSource) : null;
    },
    async saveSource(source) {
      await sources()
        .doc(source.id)
        .set({ ...source });
      ctx.touched();
    },
    async deleteSource(id) {
      const ref = sources().doc(id);
      if (!(await ref.get()).exists) return false;
      const [l, r] = await Promise.all([
        links().where('sourceId', '==', id).get(),
        runs().where('sourceId', '==', id).get(),
      ]);
      await deleteAll(ctx.db, [...l.docs, ...r.docs]);
      await ref.delete();
      ctx.touched();
      return true;
    },
    ...runTransitions(update),
    async releaseRuns(now) {
      // A run's start is an ISO string; a free source holds null there, which a range on strings leaves out.
      const held = await sources().where('runningSince', '>', '').get();
      const freed = await Promise.all(
        held.docs.map((d) =>
          update(
            d.id,
            (source) => {
              const next = abandonedSource(source, now);
              return { next, result: next !== null };
            },
            false,
          ),
        ),
      );
      return freed.filter(Boolean).length;
    },
    async listDue(now) {
      const snapshot = await sources().where('nextRunAt', '<=', now).get();
      return snapshot.docs
        .map((d) => d.data() as ImportSource)
        .sort((a, b) => a.nextRunAt.localeCompare(b.nextRunAt) || a.id.localeCompare(b.id));
    },
    async links(sourceId) {
      const snapshot = await links().where('sourceId', '==', sourceId).get();
      return snapshot.docs.map((d) => d.data() as ImportLink).sort((a, b) => (a.uid < b.uid ? -1 : 1));
    },
    async saveLink(link) {
      await links()
        .doc(docKey(link.sourceId, link.uid))
        .set({ ...link });
      ctx.touched();
    },
    async addRun(run, keep) {
      // One transaction: the run gets the next number of its source (runs started at the same instant, as a replayed
      // `?maintenant=` makes them, keep the order they were logged in), and the oldest beyond `keep` go.
      await ctx.db.runTransaction(async (tx) => {
        const logged = (await tx.get(runs().where('sourceId', '==', run.sourceId))).docs.map(order);
        const ref = runs().doc(run.id);
        const added = { ref, startedAt: run.startedAt, seq: Math.max(0, ...logged.map((r) => r.seq)) + 1 };
        const dropped = [...logged, added].sort(newestFirst).slice(keep);
        if (!dropped.includes(added))
          tx.set(ref, { ...run, errors: run.errors.map((e) => ({ ...e })), seq: added.seq });
        for (const old of dropped) if (old !== added) tx.delete(old.ref);
      });
      ctx.touched();
    },
    async runs(sourceId, limit) {
      const logged = (await runs().where('sourceId', '==', sourceId).get()).docs;
      return logged
        .map((d) => ({ ...order(d), run: d.data() }))
        .sort(newestFirst)
        .slice(0, limit)
        .map(({ run: { seq: _, ...run } }) => run as ImportRun);
    },
  };
}
