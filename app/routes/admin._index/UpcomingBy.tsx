// A panel of the admin dashboard: the upcoming published events counted by one criterion (category, canton).
import { BarChart, type BarDatum } from '~/components/charts/BarChart';

/** The upcoming published events counted by one criterion, as a bar chart with its table. */
export function UpcomingBy({ id, criterion, data }: { id: string; criterion: string; data: readonly BarDatum[] }) {
  return (
    <section className="admin-dashboard__panel" aria-labelledby={id}>
      <h2 id={id}>À venir par {criterion}</h2>
      <BarChart
        className="admin-dashboard__chart"
        title={`Événements à venir par ${criterion}`}
        labelHeader={criterion.charAt(0).toUpperCase() + criterion.slice(1)}
        valueHeader="Événements à venir"
        data={data}
      />
    </section>
  );
}
