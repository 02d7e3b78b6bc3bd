// « Ce que font les événements » (issue 74, decision 171): what organizers see of theirs, for the whole site over the
// last 12 weeks, per week, then per category and per canton. Rounded on the server as theirs (« moins de 5 »).
import { FigureColumns } from '~/components/charts/FigureColumns';
import type { KindFigures } from '~/domain/event-figures';

interface Row {
  key: string;
  label: string;
  figures: string[];
}

function ByTable({ id, criterion, kinds, rows }: { id: string; criterion: string; kinds: string[]; rows: Row[] }) {
  return (
    <div className="admin-dashboard__scroll">
      <table className="figures__table" data-testid={id}>
        <caption>Par {criterion}</caption>
        <thead>
          <tr>
            <th scope="col">{criterion[0].toUpperCase() + criterion.slice(1)}</th>
            {kinds.map((k) => (
              <th scope="col" key={k}>
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              {r.figures.map((f, i) => (
                <td key={kinds[i]}>{f}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SiteFigures({
  figures,
}: {
  figures: { from: string; kinds: string[]; site: KindFigures[]; byCategory: Row[]; byCanton: Row[] };
}) {
  return (
    <section className="admin-dashboard__panel figures" aria-labelledby="dashboard-figures" id="chiffres">
      <h2 id="dashboard-figures">Ce que font les événements</h2>
      <p className="admin-dashboard__note">
        Depuis le {figures.from}, par semaine, comme les organisateurs voient les leurs (en dessous de 5&#8239;:
        «&nbsp;moins de 5&nbsp;»).
      </p>
      {figures.site.length === 0 ? (
        <p className="admin-dashboard__empty">Rien n’a encore été compté.</p>
      ) : (
        <>
          {figures.site.map((k) => (
            <FigureColumns key={k.kind} figures={k} />
          ))}
          <ByTable id="figures-categories" criterion="catégorie" kinds={figures.kinds} rows={figures.byCategory} />
          <ByTable id="figures-cantons" criterion="canton" kinds={figures.kinds} rows={figures.byCanton} />
        </>
      )}
    </section>
  );
}
