// The table of an admin page: its class, its caption for screen readers, its column headers; the rows are the page's.
import type { ReactNode } from 'react';

export function AdminTable({
  className,
  testId,
  caption,
  columns,
  children,
}: {
  className?: string;
  testId?: string;
  caption?: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <table className={className ? `admin-table ${className}` : 'admin-table'} data-testid={testId}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
