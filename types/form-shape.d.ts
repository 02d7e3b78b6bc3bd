// A form's shape read from its schema at build time (scripts/form-shape-plugin.ts):
// `import loginShape from '~/domain/auth?schema=loginSchema&form-shape'`.
declare module '*&form-shape' {
  const shape: import('~/components/form/form-shape').FormShape;
  export default shape;
}
