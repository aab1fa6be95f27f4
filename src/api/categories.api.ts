import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  categoryCreateSchema,
  categoryListResponseSchema,
  categoryResponseSchema,
  categoryUpdateSchema,
  type Category,
  type CategoryCreateInput,
  type CategoryListParams,
  type CategoryListResponse,
  type CategoryUpdateInput,
} from '../../contract/categories.schema';
import { listQueryString } from '../../contract/common.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { changes } from './refresh';

/*
 * A club's categories (issue #11): `/api/pla_club_teams/{id}/categories`. Answers are
 * parsed with the contract; every failure is a RequestError.
 */

const categoriesPath = (clubId: number) => `/pla_club_teams/${clubId}/categories`;

/** `GET /api/pla_club_teams/{id}/categories`: one page of categories (the list contract). */
export const listCategories = (
  clubId: number,
  params: CategoryListParams,
): Promise<CategoryListResponse> =>
  describeFailures(async () =>
    categoryListResponseSchema.parse(
      await authClient(categoriesPath(clubId), { query: listQueryString(params) }),
    ),
  );

/** `POST /api/pla_club_teams/{id}/categories`: the new category. */
export const createCategory = (clubId: number, values: CategoryCreateInput): Promise<Category> =>
  describeFailures(async () => {
    const body = categoryCreateSchema.parse(values);
    return categoryResponseSchema.parse(
      await authClient(categoriesPath(clubId), { method: 'POST', body }),
    ).data;
  });

/** `PATCH /api/pla_club_teams/{id}/categories/{categoryId}`: the fields sent change. */
export const updateCategory = (
  clubId: number,
  categoryId: number,
  values: CategoryUpdateInput,
): Promise<Category> =>
  describeFailures(async () => {
    const body = categoryUpdateSchema.parse(values);
    return categoryResponseSchema.parse(
      await authClient(`${categoriesPath(clubId)}/${categoryId}`, { method: 'PATCH', body }),
    ).data;
  });

/**
 * `DELETE /api/pla_club_teams/{id}/categories/{categoryId}`: the category removed. The
 * server refuses (409, with how many players) a category that still has players.
 */
export const removeCategory = (clubId: number, categoryId: number): Promise<Category> =>
  describeFailures(
    async () =>
      categoryResponseSchema.parse(
        await authClient(`${categoriesPath(clubId)}/${categoryId}`, { method: 'DELETE' }),
      ).data,
  );

/** The categories of one club under its scope; the grid's params are part of the key. */
export const categoriesKey = (clubId: number, params?: CategoryListParams) =>
  params ? clubKey(clubId, 'categories', { ...params }) : clubScope(clubId, 'categories');

/**
 * One page of categories for the grid's hook (`useServerGrid`), the previous page kept on
 * screen while the next one loads.
 */
export const categoriesListQuery = (clubId: number) => (params: CategoryListParams) =>
  queryOptions({
    queryKey: categoriesKey(clubId, params),
    queryFn: () => listCategories(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** Creates a category and refreshes the club's category pages. */
export function useCreateCategory(clubId: number) {
  return useMutation({
    ...changes('categories', clubId),
    mutationFn: (values: CategoryCreateInput) => createCategory(clubId, values),
  });
}

/** Saves a category's fields and refreshes the club's category pages. */
export function useUpdateCategory(clubId: number) {
  return useMutation({
    ...changes('categories', clubId),
    mutationFn: ({ id, values }: { id: number; values: CategoryUpdateInput }) =>
      updateCategory(clubId, id, values),
  });
}

/** Deletes a category and refreshes the club's category pages. */
export function useRemoveCategory(clubId: number) {
  return useMutation({
    ...changes('categories', clubId),
    mutationFn: (id: number) => removeCategory(clubId, id),
  });
}
