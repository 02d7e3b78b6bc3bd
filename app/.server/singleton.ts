// One instance per process, even when the server entry and the Remix build each load this module.
export function singleton<T>(name: string, create: () => T): T {
  const registry = globalThis as unknown as { __agendaSingletons?: Map<string, unknown> };
  registry.__agendaSingletons ??= new Map();
  if (!registry.__agendaSingletons.has(name)) registry.__agendaSingletons.set(name, create());
  return registry.__agendaSingletons.get(name) as T;
}
