// The readiness probe's port (server/health.ts): the store read and written as a request would.

export interface HealthStore {
  /**
   * Writes this process's check (`id`, instant `at`) and reads it back, and counts the categories (seeded at start: a
   * store without any cannot serve). Throws when the store cannot be read or written.
   */
  probe(id: string, at: string): Promise<{ readBack: boolean; categories: number }>;
  /** Forgets the checks of processes not heard of since `before` (restarted, gone); answers how many. */
  purge(before: string): Promise<number>;
}
