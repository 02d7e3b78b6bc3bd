// Calendar sources in Firestore (app/.server/imports/ports.ts): `importSources/{id}`, `importLinks/{sourceId:uid}`,
// `importRuns/{id}`.
import type { ImportLink, ImportRun, ImportSource, ImportStore } from '../../imports/ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, deleteAll, docKey } from './db';

export function createImportStore(ctx: FirestoreContext): ImportStore {
  const sources = () => ctx.db.collection(COLLECTIONS.importSources);
  const links = () => ctx.db.collection(COLLECTIONS.importLinks);
  const runs = () => ctx.db.collection(COLLECTIONS.importRuns);
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
      await runs()
        .doc(run.id)
        .set({ ...run, errors: run.errors.map((e) => ({ ...e })) });
      const all = (await runs().where('sourceId', '==', run.sourceId).get()).docs.sort((a, b) =>
        String(b.get('startedAt')).localeCompare(String(a.get('startedAt'))),
      );
      await deleteAll(ctx.db, all.slice(keep));
      ctx.touched();
    },
    async runs(sourceId, limit) {
      const all = (await runs().where('sourceId', '==', sourceId).get()).docs.map((d) => d.data() as ImportRun);
      return all.sort((a, b) => b.startedAt.localeCompare(a.startedAt)).slice(0, limit);
    },
  };
}
