import type {
  GridPaginationModel,
  GridRowId,
  GridRowSelectionModel,
  GridSortModel,
} from '@mui/x-data-grid';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  type ListParams,
} from '../../../contract/common.schema';

/** How long the quick search waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The answer of every list (contract/common.schema.ts `listResponseSchema`). */
export interface ListAnswer<Row> {
  data: Row[];
  total: number;
}

/** A resource's own query parameters: everything in its params but the list contract's. */
export type GridFilters<Params extends ListParams> = Omit<Params, keyof ListParams>;

export interface ServerGridSpec<Params extends ListParams, Row> {
  /** A row's id: what the selection holds (never an index). */
  getRowId: (row: Row) => GridRowId;
  /** The grid fields the server sorts by (the contract's `sortable`). */
  sortable: readonly string[];
  /** The sort shown and sent before the person picks one (`field` or `-field`). */
  defaultSort: NonNullable<Params['sort']>;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** The filters' values at first (omitted: none). */
  filters?: Partial<GridFilters<Params>>;
}

// Stable empties: a new array or model on every render would make the grid redo its work.
const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };
const NO_ROWS: never[] = [];

const toSortModel = (sort: string): GridSortModel =>
  sort.startsWith('-') ? [{ field: sort.slice(1), sort: 'desc' }] : [{ field: sort, sort: 'asc' }];

/**
 * Binds an MUI X DataGrid in server mode to the one list contract (STYLE.md §10): the
 * grid's pages (from 0) become `page` (from 1), its sort model `sort` (`-field` when
 * descending), the quick search `q` after `SEARCH_DEBOUNCE_MS`, and the resource's
 * filters; a new search, sort or filter goes back to the first page. `listQuery` (from
 * src/api/<resource>.api.ts) turns the params into the TanStack query that fetches and
 * parses the page. The selection is by row id and belongs to the data it was made on:
 * new data (another page, a filter, a refetch that changed something) clears it
 * (DOMAIN.md trap 2).
 */
export function useServerGrid<Params extends ListParams, Row, Key extends QueryKey = QueryKey>(
  spec: ServerGridSpec<Params, Row>,
  listQuery: (params: Params) => UseQueryOptions<ListAnswer<Row>, Error, ListAnswer<Row>, Key>,
) {
  const pageSizes = spec.pageSizes ?? LIST_PAGE_SIZES;
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: spec.defaultPageSize ?? DEFAULT_LIST_PAGE_SIZE,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(() => toSortModel(spec.defaultSort));
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<Partial<GridFilters<Params>>>(spec.filters ?? {});
  const [selection, setSelection] = useState<{ of: unknown; model: GridRowSelectionModel }>({
    of: undefined,
    model: NO_SELECTION,
  });
  const firstPage = () => setPaginationModel((current) => ({ ...current, page: 0 }));

  // The search is sent once the person stops typing, not on every key.
  useEffect(() => {
    const next = searchText.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setPaginationModel((current) => ({ ...current, page: 0 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, q]);

  const sorted = sortModel[0];
  const sort =
    sorted && spec.sortable.includes(sorted.field)
      ? `${sorted.sort === 'desc' ? '-' : ''}${sorted.field}`
      : spec.defaultSort;
  const params = {
    ...filters,
    page: paginationModel.page + 1,
    pageSize: paginationModel.pageSize,
    sort,
    ...(q ? { q } : {}),
  } as Params;

  const query = useQuery(listQuery(params));
  const data = query.data;
  const rowSelectionModel = selection.of === data ? selection.model : NO_SELECTION;
  const rows = data?.data ?? NO_ROWS;
  // "Select all" may arrive as an exclude model: every row on screen but these.
  const selectedIds =
    rowSelectionModel.type === 'include'
      ? [...rowSelectionModel.ids]
      : rows.map(spec.getRowId).filter((id) => !rowSelectionModel.ids.has(id));

  return {
    params,
    query,
    rows,
    getRowId: spec.getRowId,
    total: data?.total ?? 0,
    pageSizes,
    paginationModel,
    onPaginationModelChange: setPaginationModel,
    sortModel,
    onSortModelChange: (model: GridSortModel) => {
      setSortModel(model);
      firstPage();
    },
    searchText,
    setSearchText,
    filters,
    /** Sets one filter (undefined: none) and goes back to the first page. */
    setFilter: <K extends keyof GridFilters<Params>>(
      name: K,
      value: GridFilters<Params>[K] | undefined,
    ) => {
      setFilters((current) => ({ ...current, [name]: value }));
      firstPage();
    },
    rowSelectionModel,
    onRowSelectionModelChange: (model: GridRowSelectionModel) => setSelection({ of: data, model }),
    /** The ids of the selected rows of the data on screen. */
    selectedIds,
  };
}

/** What `useServerGrid` returns: the grid's state, its handlers and the query. */
export type ServerGrid<Row> = ReturnType<typeof useServerGrid<ListParams, Row>>;
