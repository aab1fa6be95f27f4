import Typography from '@mui/material/Typography';

/** /home/admin/roles: Gestión de Roles (built by issue #4; stub while the screen is written). */
export function RolesScreen() {
  return <Typography variant="h1">Gestión de Roles</Typography>;
}
