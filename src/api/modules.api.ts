import { useMutation, useQuery } from '@tanstack/react-query';
import {
  moduleListResponseSchema,
  moduleResponseSchema,
  moduleToggleSchema,
  type Module,
} from '../../contract/modules.schema';
import { authClient, describeFailures } from './http';
import { changes } from './refresh';

/*
 * The platform's modules (issue #4): the list every club shares and the switches only a
 * super admin flips. Requests are parsed with the contract before they leave and answers
 * after they come back; every failure is a RequestError.
 */

/** `GET /api/admin/modules`: the nine modules and whether each is active (platform-wide). */
export const listAdminModules = (): Promise<Module[]> =>
  describeFailures(
    async () => moduleListResponseSchema.parse(await authClient('/admin/modules')).data,
  );

/** `PUT /api/admin/modules/{id}/toggle`: on or off for every club (super admin only). */
export const toggleModule = (id: number, isActive: boolean): Promise<Module> =>
  describeFailures(async () => {
    const body = moduleToggleSchema.parse({ is_active: isActive });
    return moduleResponseSchema.parse(
      await authClient(`/admin/modules/${id}/toggle`, { method: 'PUT', body }),
    ).data;
  });

/** The roles the selected club may configure. */
/** The modules are the platform's, the same for every club. */
export const adminModulesQueryKey = ['platform', 'admin-modules'] as const;

export const useAdminModules = () =>
  useQuery({ queryKey: adminModulesQueryKey, queryFn: listAdminModules });

/**
 * A module switched on or off, with what shows it refreshed through the table (refresh.ts):
 * the modules list read again before the switch settles (the switches and the matrix's
 * 'Inactivo' chips read it), and every cached role configuration (each one says whether its
 * modules are active), so the next one loaded comes from the server.
 */
export function useToggleModule() {
  return useMutation({
    ...changes('modules'),
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => toggleModule(id, isActive),
  });
}
