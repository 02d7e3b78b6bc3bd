// Partners shown on the public pages.
import type { Partner, PartnerKind } from '~/domain/partner';

export interface PartnerStore {
  list(options?: { activeOnly?: boolean }): Promise<Partner[]>;
  findById(id: string): Promise<Partner | null>;
  insertMany(partners: readonly Partner[]): Promise<void>;
  /** Adds a partner at the end of its kind (its order is chosen in the same transaction). */
  create(partner: Omit<Partner, 'order'>): Promise<Partner>;
  /** Saves the editable fields (never the slug); a change of kind puts it at the end of its new kind. Null if absent. */
  update(id: string, fields: PartnerFields): Promise<Partner | null>;
  /** Shows or hides the partner on the public pages; false if there is no such partner. */
  setActive(id: string, active: boolean): Promise<boolean>;
  /** Puts the partners of one kind in this order, in one transaction. Refused (false, nothing changed) unless `ids`
   * are exactly that kind's partners; only the partners whose place changes are written. */
  reorder(kind: PartnerKind, ids: readonly string[]): Promise<boolean>;
  /** Removes the partner (by id, not slug); false if there is no such partner. Its logo files are the caller's. */
  delete(id: string): Promise<boolean>;
}

export type PartnerFields = Pick<Partner, 'name' | 'kind' | 'description' | 'logo' | 'websiteUrl' | 'active'>;
