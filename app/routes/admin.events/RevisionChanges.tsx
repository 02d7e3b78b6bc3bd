// A pending edit as the moderator reads it, readable on a phone (issue 33): each changed field under its name, its text
// once with the removed words struck out and the added ones marked (said as such to screen readers), long unchanged
// passages cut to « … »; both versions whole on demand.
import type { DiffPart } from '~/domain/text-diff';

interface Change {
  label: string;
  before: string;
  after: string;
  parts: DiffPart[];
}

function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, i) => {
        const key = `${i}-${part.kind}`;
        if (part.kind === 'removed')
          return (
            <del key={key}>
              <span className="visually-hidden">[supprimé&nbsp;: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </del>
          );
        if (part.kind === 'added')
          return (
            <ins key={key}>
              <span className="visually-hidden">[ajouté&nbsp;: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </ins>
          );
        if (part.kind === 'cut')
          return (
            <span key={key} className="revision-change__cut" title="Passage inchangé">
              {' … '}
            </span>
          );
        return <span key={key}>{part.text}</span>;
      })}
    </>
  );
}

export function RevisionChanges({ changes }: { changes: Change[] }) {
  return (
    <ul className="revision-changes" data-testid="revision-changes">
      {changes.map((change) => (
        <li key={change.label} className="revision-change">
          <h4 className="revision-change__field">{change.label}</h4>
          <p className="revision-change__text">
            <Diff parts={change.parts} />
          </p>
          <details className="revision-change__whole">
            <summary>Les deux versions en entier</summary>
            <h5>Version publiée</h5>
            <p className="revision-change__version">{change.before}</p>
            <h5>Modification</h5>
            <p className="revision-change__version">{change.after}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
