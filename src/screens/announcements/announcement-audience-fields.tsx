import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import {
  ANNOUNCEMENT_ROLES,
  type AnnouncementRole,
  announcementRoleLabels,
} from '../../../contract/announcements.schema';
import { categoriesListQuery } from '../../api/categories.api';
import { AuthContext } from '../../app/auth-context';
import { mayCall } from '../../lib/api-access';
import { selectPermissions } from '../../machines/auth.selectors';
import type { AnnouncementFormApi } from './announcement-form';

const ACTIVE_CATEGORIES = { page: 1, pageSize: 100, sort: 'name', status: 'active' } as const;

/**
 * 'Destinatarios': the roles (none: everyone) and the categories (none: no restriction),
 * the latter only for who may list the club's categories (issue #33 item 2: a screen never
 * calls what the role may not).
 */
export function AnnouncementAudienceFields({
  form,
  clubId,
}: {
  form: AnnouncementFormApi;
  clubId: number;
}) {
  const permissions = AuthContext.useSelector(selectPermissions);
  const canListCategories = mayCall(permissions, 'GET /api/pla_club_teams/:id/categories');
  const categories = useQuery({
    ...categoriesListQuery(clubId)(ACTIVE_CATEGORIES),
    enabled: clubId > 0 && canListCategories,
  });
  const categoryOptions = (categories.data?.data ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <>
      <Controller
        control={form.control}
        name="roles"
        render={({ field, fieldState }) => (
          <Autocomplete<AnnouncementRole, true>
            multiple
            id="field-roles"
            options={ANNOUNCEMENT_ROLES}
            getOptionLabel={(role) => announcementRoleLabels[role]}
            noOptionsText="No hay más roles"
            value={field.value}
            onChange={(_event, picked) => field.onChange(picked)}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Destinatarios: roles"
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Sin roles: todos los miembros del club'}
              />
            )}
          />
        )}
      />
      {canListCategories && (
        <Controller
          control={form.control}
          name="category_ids"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              id="field-category_ids"
              options={categoryOptions}
              getOptionLabel={(option) => option.name}
              noOptionsText="No hay categorías"
              loading={categories.isFetching}
              loadingText="Cargando categorías…"
              value={categoryOptions.filter((option) => field.value.includes(option.id))}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              onChange={(_event, picked) => field.onChange(picked.map((option) => option.id))}
              onBlur={field.onBlur}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Destinatarios: categorías"
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    'Sus jugadores, sus acudientes y sus entrenadores; sin categorías: sin restricción'
                  }
                />
              )}
            />
          )}
        />
      )}
    </>
  );
}
