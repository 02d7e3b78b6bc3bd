// Reading SQLite rows: untyped columns to the domain's types.
export type Row = Record<string, unknown>;

export const bool = (v: unknown) => v === 1 || v === true;
export const str = (v: unknown) => (v == null ? '' : String(v));
export const num = (v: unknown) => (v == null ? null : Number(v));
