import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Role } from '../../../contract/roles.schema';
import { GridSearchField } from '../../components/grid/grid-search-field';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  roleId: number;
  onRole: (roleId: number) => void;
  roles: Role[];
}

/** The grid's filters: a search by name or e-mail and the role. */
export function MembersToolbar({ search, onSearch, roleId, onRole, roles }: ToolbarProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <GridSearchField label="Buscar por nombre o correo" value={search} onChange={onSearch} />
      <TextField
        select
        label="Rol"
        id="members-role-filter"
        value={roleId}
        onChange={(event) => onRole(Number(event.target.value))}
        margin="none"
        sx={{ minWidth: { sm: 220 } }}
      >
        <MenuItem value={0}>Todos los roles</MenuItem>
        {roles.map((role) => (
          <MenuItem key={role.id} value={role.id}>
            {role.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
