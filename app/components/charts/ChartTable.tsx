// The figures of a chart as a table for screen readers (the drawing is aria-hidden): one row per bar or column.
export interface ChartRow {
  key: string;
  label: string;
  value: number;
}

export function ChartTable({
  title,
  labelHeader,
  valueHeader,
  rows,
}: {
  title: string;
  labelHeader: string;
  valueHeader: string;
  rows: readonly ChartRow[];
}) {
  return (
    // In a clipped box: a table ignores the 1px width and would widen the page.
    <div className="visually-hidden">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
