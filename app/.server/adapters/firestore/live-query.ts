// A query mirrored in memory by a Firestore listener, plus the documents this process just wrote (read back at once,
// so a writer reads its own write before the listener reports it). Each document keeps its update time: an older
// version never replaces a newer one, whichever path brought it.
import type { DocumentSnapshot, Query, QuerySnapshot } from 'firebase-admin/firestore';

interface Entry<T> {
  value: T;
  version: string;
}

export interface LiveQueryOptions<T> {
  query: Query;
  parse: (snapshot: DocumentSnapshot) => T;
  /** Whether a document read back after a write still belongs to the query (e.g. status == 'pending'). */
  belongs?: (value: T) => boolean;
  /** Called after each change the listener reports or a write applies. */
  onChange: () => void;
  /** Delay before listening again after the listener fails (it stops on error). */
  retryMs?: number;
}

export class LiveQuery<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly removed = new Map<string, string>();
  private unsubscribe: (() => void) | null = null;
  private readonly readyPromise: Promise<void>;
  private resolveReady: () => void = () => {};
  private closed = false;
  private changes = 0;

  constructor(private readonly options: LiveQueryOptions<T>) {
    this.readyPromise = new Promise((resolve) => {
      this.resolveReady = resolve;
    });
    this.listen();
  }

  private listen() {
    if (this.closed) return;
    this.unsubscribe = this.options.query.onSnapshot(
      (snapshot) => this.onSnapshot(snapshot),
      (error) => {
        console.error('[firestore] écouteur interrompu, reprise dans un instant', error);
        this.unsubscribe = null;
        setTimeout(() => this.listen(), this.options.retryMs ?? 1000).unref();
      },
    );
  }

  private onSnapshot(snapshot: QuerySnapshot) {
    let changed = false;
    for (const change of snapshot.docChanges()) {
      const id = change.doc.id;
      const version = change.doc.updateTime.valueOf();
      if (change.type === 'removed') {
        // A removal reported with the snapshot's read time: newer than anything we hold for it.
        if (this.entries.delete(id)) changed = true;
        continue;
      }
      if (this.accept(id, version)) {
        this.entries.set(id, { value: this.options.parse(change.doc), version });
        changed = true;
      }
    }
    this.resolveReady();
    if (changed) this.changed();
  }

  private accept(id: string, version: string): boolean {
    const current = this.entries.get(id)?.version ?? this.removed.get(id);
    return current === undefined || version >= current;
  }

  /** Takes in a document read after our own write (or its absence). */
  apply(snapshot: DocumentSnapshot): void {
    const id = snapshot.id;
    if (!snapshot.exists || !snapshot.updateTime) {
      if (this.entries.delete(id)) this.changed();
      return;
    }
    const version = snapshot.updateTime.valueOf();
    if (!this.accept(id, version)) return;
    const value = this.options.parse(snapshot);
    if (this.options.belongs && !this.options.belongs(value)) {
      this.entries.delete(id);
      this.removed.set(id, version);
    } else {
      this.entries.set(id, { value, version });
      this.removed.delete(id);
    }
    this.changed();
  }

  private changed() {
    this.changes += 1;
    this.options.onChange();
  }

  /** Moves at every change of what it holds: what is derived from its values (an index) is rebuilt when it moves. */
  get version(): number {
    return this.changes;
  }

  ready(): Promise<void> {
    return this.readyPromise;
  }

  values(): T[] {
    return [...this.entries.values()].map((e) => e.value);
  }

  get(id: string): T | undefined {
    return this.entries.get(id)?.value;
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
