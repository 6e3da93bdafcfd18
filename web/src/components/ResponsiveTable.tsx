import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';

export interface ResponsiveColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Shown on the card; default true. */
  onCard?: boolean;
  /** Figures line up on the right of the table. */
  numeric?: boolean;
}

export interface ResponsiveTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly ResponsiveColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A header cell's content (a sort button) and aria-sort; default the column's header text. */
  headerCell?: (column: ResponsiveColumn<T>) => { content: ReactNode; ariaSort?: 'ascending' | 'descending' };
  onRowClick?: (row: T) => void;
  /** A last cell per row (the row's action menu), on the table and on the card. */
  actions?: { header: string; cell: (row: T) => ReactNode };
  size?: 'sm';
  striped?: boolean;
  testId?: string;
}

/**
 * Every table of the app (issue 17): a table from 992 px (Bootstrap's lg), a card per row below it, so no column
 * falls off a phone and nothing scrolls sideways. The rows come paged and sorted; this only lays them out.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const { label, columns, rows, rowKey, onRowClick, actions } = props;
  const align = (c: ResponsiveColumn<T>) => (c.numeric ? 'text-end' : undefined);
  return (
    <>
      <div className="d-none d-lg-block">
        <Table
          responsive
          hover
          striped={props.striped}
          size={props.size}
          className="bg-body mb-2 align-middle"
          aria-label={label}
          data-testid={props.testId}
        >
          <thead>
            <tr>
              {columns.map((c) => {
                const head = props.headerCell?.(c);
                return (
                  <th key={c.id} scope="col" className={align(c)} aria-sort={head?.ariaSort}>
                    {head ? head.content : c.header}
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className="text-end">
                  <span className="visually-hidden">{actions.header}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                data-row-id={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                className={onRowClick ? 'cursor-pointer' : undefined}
              >
                {columns.map((c) => (
                  <td key={c.id} className={align(c)}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions && <td className="text-end">{actions.cell(row)}</td>}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>

      <ul className="d-lg-none list-unstyled d-grid gap-2 mb-2 data-table-cards" aria-label={label} data-testid={props.testId && `${props.testId}-cards`}>
        {rows.map((row) => (
          <li key={rowKey(row)}>
            <Card data-row-id={rowKey(row)} className="shadow-sm data-table-card">
              <Card.Body className="py-2">
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <dl className="mb-0 flex-grow-1 min-w-0" onClick={onRowClick ? () => onRowClick(row) : undefined}>
                    {columns
                      .filter((c) => c.onCard ?? true)
                      .map((c) => (
                        <div key={c.id} className="d-flex gap-2">
                          <dt className="text-body-secondary fw-normal small">{c.header}</dt>
                          <dd className="mb-0 text-break">{c.cell(row)}</dd>
                        </div>
                      ))}
                  </dl>
                  {actions?.cell(row)}
                </div>
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
