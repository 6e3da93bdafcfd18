import {
  type ColumnDef,
  type RowData,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Pagination from 'react-bootstrap/Pagination';
import Spinner from 'react-bootstrap/Spinner';
import { orNA } from '../../../shared/domain/format';
import { useDebounced } from '../lib/useDebounced';
import { PAGE_SIZE, pageWindow } from './pageWindow';
import { type ResponsiveColumn, ResponsiveTable } from './ResponsiveTable';

/** Spec section 9: a table's search waits 500 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCHING = 'Searching...';
export const NO_MATCH = 'No matching records found.';

export interface DataColumn<T extends RowData> {
  id: string;
  header: string;
  /** The value the column sorts by; shown as text (empty -> 'N/A') unless `cell` is given. */
  value: (row: T) => string | number | null | undefined;
  cell?: (row: T) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Shown on the mobile card; default true. */
  onCard?: boolean;
}

export interface RowAction {
  label: string;
  onClick: () => void;
  /** A destructive action is shown in red. */
  danger?: boolean;
  disabled?: boolean;
}

/** Pages held by the server: the caller fetches page `index` and says how many it knows of. */
export interface ServerPages {
  index: number;
  count: number;
  /** False while pages past `count` may exist: there is no last page to jump to yet. Default true. */
  complete?: boolean;
  onChange: (index: number) => void;
}

export interface DataTableProps<T extends RowData> {
  /** Names the table for tests and the default empty message ('customers'). */
  name: string;
  /** The table's accessible name, in the seller's words: usually the title above it ('Customers'). */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A search box; `onSearch` gets the text 500 ms after the last key. */
  search?: { placeholder?: string; onSearch: (text: string) => void };
  /** Buttons beside the search box (New Customer, Upload...). */
  buttons?: ReactNode;
  /** The row's action menu; no menu when absent or empty. */
  actions?: (row: T) => RowAction[];
  onRowClick?: (row: T) => void;
  /** How a row is named to screen readers ('Actions for Ada Lovelace'); default its first column. */
  rowLabel?: (row: T) => string;
  /** True while rows are being fetched: an empty table then says `loadingMessage`. */
  loading?: boolean;
  loadingMessage?: string;
  /** Shown when there are no rows and nothing was searched. */
  emptyMessage?: string;
  /** Shown when a search found nothing. */
  noMatchMessage?: string;
  /** Server-side pages; without it the table pages the given rows itself, 20 at a time. */
  pages?: ServerPages;
  /**
   * Server-side sorting of a server-paged table: the columns the server sorts the whole list by, the sort asked for
   * and how to ask for another. Other columns sort only while the whole list is on one page: sorting the 20 rows
   * on screen of a longer list would show a wrong order (issue 17).
   */
  sort?: ServerSort;
  /** 'sm': tighter cells, for a table of many columns that must fit a laptop's width beside the sidebar. */
  size?: 'sm';
}

export interface ServerSort {
  columns: readonly string[];
  value: { id: string; desc: boolean } | undefined;
  onChange: (next: { id: string; desc: boolean } | undefined) => void;
}

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
});
type Features = typeof features;

function SortMark({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (!direction) return <span className="text-body-tertiary ms-1" aria-hidden="true">↕</span>;
  return <span className="ms-1" aria-hidden="true">{direction === 'asc' ? '▲' : '▼'}</span>;
}

function ActionMenu({ actions, label }: { actions: RowAction[]; label: string }) {
  if (actions.length === 0) return null;
  return (
    <Dropdown align="end" onClick={(e) => e.stopPropagation()}>
      <Dropdown.Toggle variant="outline-secondary" size="sm" aria-label={`Actions for ${label}`} className="row-actions">
        Actions
      </Dropdown.Toggle>
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }} renderOnMount role="menu" aria-label={`Actions for ${label}`}>
        {actions.map((a) => (
          <Dropdown.Item
            key={a.label}
            as="button"
            role="menuitem"
            onClick={a.onClick}
            disabled={a.disabled}
            className={a.danger ? 'text-danger' : undefined}
          >
            {a.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

function PageLinks({ index, count, complete = true, onChange }: ServerPages) {
  if (count <= 1) return null;
  const shown = pageWindow(index, count);
  return (
    <nav aria-label="Pages">
      <Pagination size="sm" className="mb-0 flex-wrap">
      <Pagination.First disabled={index === 0} onClick={() => onChange(0)} aria-label="First page" />
      <Pagination.Prev disabled={index === 0} onClick={() => onChange(index - 1)} aria-label="Previous page" />
      {shown.map((i) => (
        <Pagination.Item key={i} active={i === index} onClick={() => onChange(i)}>
          {i + 1}
        </Pagination.Item>
      ))}
      <Pagination.Next disabled={index >= count - 1} onClick={() => onChange(index + 1)} aria-label="Next page" />
      {complete && <Pagination.Last disabled={index >= count - 1} onClick={() => onChange(count - 1)} aria-label="Last page" />}
      </Pagination>
    </nav>
  );
}

function SearchBox({ placeholder, onSearch, label }: { placeholder?: string; onSearch: (text: string) => void; label: string }) {
  const [text, setText] = useState('');
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new onSearch identity is not a new search
  useEffect(() => onSearch(settled.trim()), [settled]);
  return (
    <InputGroup className="data-table-search">
      <Form.Control
        type="search"
        placeholder={placeholder ?? 'Search'}
        aria-label={placeholder ?? `Search ${label}`}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </InputGroup>
  );
}

/**
 * The one table of the app (spec section 2): search, optional buttons, sortable headers, a row action menu,
 * 20 rows a page with a window of 5 page links, cards instead of a table under 992 px (Bootstrap's lg),
 * and empty states ('Searching...', a no-match message).
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { name, columns, rows, rowKey, actions, onRowClick, pages, sort } = props;
  const [searched, setSearched] = useState('');
  // The whole list is on screen when the table pages itself or the server has only one page of it.
  const wholeList = !pages || (pages.count <= 1 && pages.index === 0);
  const serverColumns = sort?.columns.join('|') ?? '';
  const serverSorts = (id: string) => sort?.columns.includes(id) ?? false;
  const [localSorting, setLocalSorting] = useState<{ id: string; desc: boolean }[]>([]);
  const sorting = sort?.value && serverSorts(sort.value.id) ? [sort.value] : localSorting.filter((s) => wholeList || serverSorts(s.id));

  const defs = useMemo<ColumnDef<Features, T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => c.value(row) ?? undefined,
        enableSorting: (c.sortable ?? true) && (wholeList || serverColumns.split('|').includes(c.id)),
        sortFn: 'alphanumeric',
        sortUndefined: 'last',
      })),
    [columns, wholeList, serverColumns],
  );
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable<Features, T>({
    features,
    columns: defs,
    data,
    getRowId: (row: T) => rowKey(row),
    manualPagination: pages !== undefined,
    initialState: { pagination: { pageIndex: 0, pageSize: PAGE_SIZE } },
    state: { sorting },
    // Rows the server sorted come in their order; the table sorts only what it holds whole.
    manualSorting: sorting.some((s) => serverSorts(s.id)),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (sort && (!first || serverSorts(first.id))) {
        sort.onChange(first);
        setLocalSorting([]);
      } else {
        if (sort?.value) sort.onChange(undefined);
        setLocalSorting(next);
      }
    },
    autoResetPageIndex: true,
  });

  const visible = table.getRowModel().rows;
  const cells = useMemo<ResponsiveColumn<T>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.header, onCard: c.onCard, cell: (row: T) => (c.cell ? c.cell(row) : orNA(c.value(row))) })),
    [columns],
  );
  const label = (row: T) => props.rowLabel?.(row) ?? String(columns[0]?.value(row) ?? rowKey(row));

  const paging: ServerPages = pages ?? {
    index: table.state.pagination.pageIndex,
    count: table.getPageCount(),
    onChange: (i) => table.setPageIndex(i),
  };

  const empty = props.loading
    ? props.loadingMessage ?? SEARCHING
    : searched
      ? props.noMatchMessage ?? NO_MATCH
      : props.emptyMessage ?? `There are no ${name} yet.`;

  const search = props.search;
  return (
    <div className="data-table" data-testid={`table-${name}`}>
      {(search || props.buttons) && (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          {search ? (
            <SearchBox
              label={props.label}
              placeholder={search.placeholder}
              onSearch={(text) => {
                setSearched(text);
                search.onSearch(text);
              }}
            />
          ) : (
            <span />
          )}
          {props.buttons && <div className="d-flex flex-wrap gap-2">{props.buttons}</div>}
        </div>
      )}

      {visible.length === 0 ? (
        <Card body className="text-center text-body-secondary data-table-empty" data-testid="table-empty">
          {props.loading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {empty}
        </Card>
      ) : (
        <ResponsiveTable
          label={props.label}
          size={props.size}
          columns={cells}
          rows={visible.map((row) => row.original)}
          rowKey={rowKey}
          onRowClick={onRowClick}
          headerCell={(c) => {
            const column = table.getColumn(c.id);
            const direction = column?.getIsSorted() ?? false;
            return {
              ariaSort: direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined,
              content: column?.getCanSort() ? (
                <button
                  type="button"
                  className="btn btn-link p-0 text-reset text-decoration-none fw-semibold"
                  onClick={column.getToggleSortingHandler()}
                >
                  {c.header}
                  <SortMark direction={direction} />
                </button>
              ) : (
                c.header
              ),
            };
          }}
          actions={actions && { header: 'Actions', cell: (row) => <ActionMenu actions={actions(row)} label={label(row)} /> }}
        />
      )}

      <div className="d-flex justify-content-end">
        <PageLinks {...paging} />
      </div>
    </div>
  );
}
