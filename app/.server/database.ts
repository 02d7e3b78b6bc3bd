// The database behind the store, for the tools that copy it whole (backups, data:export, data:import). The composition
// root opens it (services.ts); this module only names its type, so that those tools need not import the root.
import type { Firestore } from 'firebase-admin/firestore';
import type { Db } from './adapters/sqlite/db';

export type Database = { kind: 'sqlite'; db: Db } | { kind: 'firestore'; db: Firestore };
