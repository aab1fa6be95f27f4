import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';
import {
  DEFAULT_MEMBER_PAGE_SIZE,
  memberSortFields,
  type MemberSortField,
} from '../../../contract/members.schema';
import type { MemberListParams } from '../../api/members.api';

/** How long the search waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const isSortField = (field: string): field is MemberSortField =>
  (memberSortFields as readonly string[]).includes(field);

/**
 * The grid's server-side model (STYLE.md §10): pagination (the grid counts pages from 0,
 * the API from 1), sort, the debounced search and the role filter, as the query's params.
 * Any change of filter goes back to the first page.
 */
export function useMembersModel() {
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: DEFAULT_MEMBER_PAGE_SIZE,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [roleId, setRoleId] = useState(0);

  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPagination((current) => ({ ...current, page: 0 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const sort = sortModel[0];
  const params: MemberListParams = {
    page: pagination.page + 1,
    page_size: pagination.pageSize,
    sort: sort && isSortField(sort.field) ? sort.field : 'name',
    order: sort?.sort === 'desc' ? 'desc' : 'asc',
    ...(search ? { search } : {}),
    ...(roleId > 0 ? { role_id: roleId } : {}),
  };

  return {
    params,
    pagination,
    setPagination,
    sortModel,
    setSortModel: (model: GridSortModel) => {
      setSortModel(model);
      setPagination((current) => ({ ...current, page: 0 }));
    },
    searchText,
    setSearchText,
    roleId,
    setRoleId: (id: number) => {
      setRoleId(id);
      setPagination((current) => ({ ...current, page: 0 }));
    },
  };
}
