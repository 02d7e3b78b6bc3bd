// The services the composition root (services.ts) builds, and the jobs that run on them: their types alone, in one
// module, so that what is given the services (the server, the jobs) names them without importing the root that builds
// it, and the root builds the jobs' control without a circle through its own type.
import type Stripe from 'stripe';
import type { GoogleSignInConfig } from '~/domain/google-sign-in';
import type { Database } from './database';
import type { FederationService } from './federation/service';
import type { FileStore } from './files/ports';
import type { IdentityProvider } from './identity/ports';
import type { LiveHub } from './moderation/live';
import type { Config, FirebaseSettings } from './platform/config';
import type { FetchText } from './platform/safe-fetch';
import type { MailPort, MailTransport, Store } from './ports';
import type { PushTransport } from './push/ports';

export interface Services {
  readonly config: Config;
  /** The Firebase project's settings when the site runs on Firebase, else null. */
  readonly firebase: FirebaseSettings | null;
  readonly database: Database;
  /**
   * Whether the server runs the scheduled jobs itself, in its jobs worker (server/job-worker.ts), else only when
   * Cloud Scheduler calls them.
   */
  readonly jobsInProcess: boolean;
  /** Wakes a job, or runs one for `POST /taches/:name`, where this installation runs its jobs (decision 061). */
  readonly jobs: JobControl;
  readonly store: Store;
  readonly identity: IdentityProvider;
  readonly files: FileStore;
  /** The folder of the disk file store, which server.ts serves at /uploads; null when files live in Storage. */
  readonly uploadsDir: string | null;
  readonly push: PushTransport;
  /** What use cases send mails with: each is recorded in the store's queue, then sent by the `mails` job. */
  readonly mailer: MailPort;
  /** SMTP or the outbox folder: only the `mails` job uses it (decision 060). */
  readonly mailTransport: MailTransport;
  readonly live: LiveHub;
  /** Card and TWINT donations: a Stripe client when a key is configured, else null. */
  readonly stripe: Stripe | null;
  /** What the auth pages need to offer Google sign-in (Firebase only), else null. */
  readonly googleSignIn: GoogleSignInConfig | null;
  /** Fetches a document at an address someone typed (imports), public addresses only (platform/safe-fetch.ts). */
  readonly fetchText: FetchText;
  /** ActivityPub (decision 087): null unless FEDERATION is on. */
  readonly federation: FederationService | null;
  /** Releases what the services hold open (database handles); for scripts and tests. */
  close(): Promise<void>;
}

export interface Job {
  /** Its name in `POST /taches/:name` and in the logs: lowercase letters and dashes. */
  name: string;
  /** The longest wait between two runs in the jobs worker. */
  everyMs: number;
  /**
   * How often the jobs worker looks for work someone asked for meanwhile (a queued mail, an import asked for), when
   * that is sooner than `everyMs`: the job must then be cheap when nothing is due.
   */
  pollMs?: number;
  /** Does the work due at `now`; answers one line for the operator (« 3 séries prolongées »). */
  run(services: Services, now: Date): Promise<string>;
}

export interface JobControl {
  /** Something for this job was recorded (a mail, an import asked for): it runs soon, never in the request. */
  wake(name: string): void;
  /** Runs the job at `now` and answers its line: in the jobs worker when there is one, else in this process. */
  run(job: Job, now: Date): Promise<string>;
}
