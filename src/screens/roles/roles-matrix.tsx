import SwipeLeftOutlined from '@mui/icons-material/SwipeLeftOutlined';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import type { Module } from '../../../contract/modules.schema';
import type { ModuleAction } from '../../../contract/users.schema';
import type {
  ConfiguredModule,
  Grants,
  RoleConfiguration,
} from '../../machines/roles-permissions.machine';

/** The four columns, in the order the spec lists the actions (§3). */
export const ACTION_COLUMNS: ReadonlyArray<readonly [ModuleAction, string]> = [
  ['view', 'Ver'],
  ['create', 'Crear'],
  ['update', 'Editar'],
  ['delete', 'Eliminar'],
];

/** The module column stays in view while the actions scroll sideways on a phone. */
const stickyColumn = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: 160,
} as const;

/** What a phone shows above the matrix: its last columns are off screen until swiped. */
export const SWIPE_HINT = 'Desliza la tabla hacia la izquierda para ver todas las acciones';

/**
 * Scroll shadows: the paper's colour covers a shadow at each end while that end is in
 * view (`local` backgrounds move with the content), so a shadow on the right says more
 * columns are there.
 */
const scrollShadows = (theme: Theme) => {
  const paper = theme.palette.background.paper;
  return {
    background: [
      `linear-gradient(to left, ${paper} 30%, transparent) right / 40px 100% local`,
      `radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent) right / 14px 100% scroll`,
      paper,
    ].join(', '),
    backgroundRepeat: 'no-repeat',
  };
};

/** The accessible name of one checkbox: 'Entrenador: Jugadores · Ver'. */
export const cellLabel = (roleName: string, moduleName: string, column: string) =>
  `${roleName}: ${moduleName} · ${column}`;

interface RolesMatrixProps {
  configuration: RoleConfiguration;
  draft: Grants;
  /** False while saving, confirming, or for a read-only configuration. */
  canEdit: boolean;
  onToggle: (moduleId: number, permissionId: number, granted: boolean) => void;
  /**
   * The platform's modules as last read: whether each is active comes from here when known,
   * so switching one in 'Módulos activos' shows in the matrix at once.
   */
  modules?: readonly Module[];
}

function ModuleName({ module, active }: { module: ConfiguredModule; active: boolean }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography
        variant="body2"
        component="span"
        // text.disabled is 2.67:1 on white, too faint to read: the secondary text passes 4.5:1.
        color={module.compatible ? 'textPrimary' : 'textSecondary'}
      >
        {module.name}
      </Typography>
      {module.customised && <Chip size="small" color="info" label="Personalizado" />}
      {!active && <Chip size="small" variant="outlined" label="Inactivo" />}
      {!module.compatible && (
        <Typography variant="caption" color="textSecondary" sx={{ width: '100%' }}>
          No disponible para este rol
        </Typography>
      )}
    </Stack>
  );
}

/**
 * One role's permissions: a row per module, a checkbox per action. Incompatible modules
 * are greyed and cannot be ticked. Scrolls sideways inside its Paper on a phone.
 */
export function RolesMatrix(props: RolesMatrixProps) {
  const { configuration, draft, canEdit, onToggle, modules } = props;
  const roleName = configuration.role.name;
  const isActive = (module: ConfiguredModule) =>
    modules?.find(({ id }) => id === module.id)?.is_active ?? module.is_active;
  const theme = useTheme();
  // Below 600 px the 520 px table scrolls sideways: say so, it hid two columns silently.
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const hintId = useId();
  return (
    <>
      {narrow && (
        <Typography
          id={hintId}
          variant="caption"
          color="textSecondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}
        >
          <SwipeLeftOutlined fontSize="small" aria-hidden />
          {SWIPE_HINT}
        </Typography>
      )}
      {/* A region in the tab order, so the keyboard can scroll it sideways on a phone even
          when every checkbox is disabled (a read-only role). */}
      <TableContainer
        component={Paper}
        variant="outlined"
        role="region"
        aria-label={`Tabla de permisos de ${roleName}`}
        aria-describedby={narrow ? hintId : undefined}
        tabIndex={0}
        sx={(t) => ({ overflowX: 'auto', ...scrollShadows(t) })}
      >
        <Table size="small" sx={{ minWidth: 520 }} aria-label={`Permisos de ${roleName}`}>
          <TableHead>
            <TableRow>
              <TableCell sx={stickyColumn}>Módulo</TableCell>
              {ACTION_COLUMNS.map(([action, column]) => (
                <TableCell key={action} align="center">
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {configuration.modules.map((module) => {
              const granted = draft[module.id] ?? [];
              return (
                <TableRow key={module.id}>
                  <TableCell component="th" scope="row" sx={stickyColumn}>
                    <ModuleName module={module} active={isActive(module)} />
                  </TableCell>
                  {ACTION_COLUMNS.map(([action, column]) => {
                    const permission = module.permissions.find((p) => p.action === action);
                    return (
                      <TableCell key={action} align="center" padding="checkbox">
                        {permission ? (
                          <Checkbox
                            checked={granted.includes(permission.id)}
                            disabled={!canEdit || !module.compatible}
                            onChange={(_, checked) => onToggle(module.id, permission.id, checked)}
                            slotProps={{
                              input: { 'aria-label': cellLabel(roleName, module.name, column) },
                            }}
                          />
                        ) : (
                          <Typography variant="body2" color="textSecondary" aria-hidden>
                            —
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
