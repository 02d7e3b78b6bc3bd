// What a form's markup takes from its zod schema without the schema itself (issue 50): each field's constraints
// (required, lengths, pattern…) and the fields' order. Read from the schema when the app is built (`?schema=…&form-shape`
// imports, scripts/form-shape-plugin.ts), so the page renders them before zod has loaded.
import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from '~/domain/zod';

/** A form's constraints by field name, and its fields in the order the schema declares them (the form's). */
export interface FormShape {
  constraint: ReturnType<typeof getZodConstraint>;
  order: string[];
}

/** The fields of a schema in the order it declares them, which is the form's: the error summary lists them so. */
export function fieldOrder(schema: z.ZodType): string[] {
  const shape =
    (schema as { shape?: Record<string, unknown> }).shape ?? (schema as { in?: { shape?: object } }).in?.shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * The shape of a schema, as conform reads its constraints. A schema whose whole value is transformed at the end (the
 * donation's checkout: the fields become an amount and a name) has its fields' constraints in what goes in: conform
 * refuses the transformation at the root (« Unsupported schema »), so it reads that.
 */
export function formShape(schema: z.ZodType): FormShape {
  const def = (
    schema as unknown as { _zod: { def: { type: string; in?: z.ZodType; out?: { _zod: { def: { type: string } } } } } }
  )._zod.def;
  const fields = def.type === 'pipe' && def.in && def.out?._zod.def.type === 'transform' ? def.in : schema;
  return { constraint: getZodConstraint(fields), order: fieldOrder(schema) };
}
