// /healthz: the store answers and holds its categories (seeded at start).
import type { Services } from '../services';

export async function healthCheck({ store }: Pick<Services, 'store'>): Promise<{ ok: boolean }> {
  const categories = await store.categories.list();
  return { ok: categories.length > 0 };
}
