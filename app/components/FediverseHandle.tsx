// A fediverse handle as people copy it (`@salle-du-bourg@agenda-romand.ch`): never broken at its hyphens; on a narrow
// screen, its server goes to the next line whole.
export function FediverseHandle({ handle, testId }: { handle: string; testId?: string }) {
  const at = handle.indexOf('@', 1);
  return (
    <code className="fediverse-handle" translate="no" data-testid={testId}>
      {at < 0 ? (
        <span className="nowrap">{handle}</span>
      ) : (
        <>
          <span className="nowrap">{handle.slice(0, at)}</span>
          <wbr />
          <span className="nowrap">{handle.slice(at)}</span>
        </>
      )}
    </code>
  );
}
