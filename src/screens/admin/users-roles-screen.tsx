import Typography from '@mui/material/Typography';

/** /home/admin/users-roles: Asignación de Roles a Usuarios (issue #4; stub while the screen is written). */
export function UsersRolesScreen() {
  return <Typography variant="h1">Asignación de Roles a Usuarios</Typography>;
}
