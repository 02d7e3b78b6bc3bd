// Vite plugin (issue 50): `import shape from '~/domain/x?schema=xSchema&form-shape'` is the shape of that exported
// schema (its constraints and fields' order, app/components/form/form-shape.ts), computed when the app is built. The
// page renders a form's constraints without loading zod; the schema itself comes after the first paint. An export
// that is a function is called without arguments (a schema made on demand, such as the event form's).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SUFFIX = '&form-shape';
const SHAPE_MODULE = fileURLToPath(new URL('../app/components/form/form-shape.ts', import.meta.url));

export function formShapePlugin(): Plugin {
  const shapes = new Map<string, Promise<string>>();
  async function compute(file: string, name: string): Promise<string> {
    const { tsImport } = await import('tsx/esm/api');
    const [module, { formShape }] = await Promise.all([
      tsImport(file, import.meta.url) as Promise<Record<string, unknown>>,
      tsImport(SHAPE_MODULE, import.meta.url) as Promise<typeof import('../app/components/form/form-shape')>,
    ]);
    const found = module[name];
    const schema = typeof found === 'function' ? found() : found;
    if (!schema || typeof schema !== 'object' || !('_zod' in schema))
      throw new Error(`${path.relative(process.cwd(), file)} : « ${name} » n’est pas un schéma zod`);
    return `export default ${JSON.stringify(formShape(schema as Parameters<typeof formShape>[0]))};`;
  }
  return {
    name: 'agenda-form-shape',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const [file, query] = id.split('?');
      const name = new URLSearchParams(query).get('schema');
      if (!name) throw new Error(`${id} : il manque ?schema=<nom>`);
      this.addWatchFile(file);
      if (!shapes.has(id)) shapes.set(id, compute(file, name));
      return shapes.get(id);
    },
  };
}
