import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/*
 * The figures of every dashboard (issue #16): a tile names the figure, shows it, says in
 * words what it counts and links to the screen whose total it equals (a filtered grid).
 */

export interface DashboardTileProps {
  title: string;
  /** The figure, formatted; undefined while loading (a skeleton). */
  value: ReactNode | undefined;
  /** What the figure counts, in words. */
  hint: string;
  /** The screen behind the figure, e.g. '/home/payments?overdue=true'. */
  to?: string;
  /** The link's words, e.g. 'Ver pagos vencidos'. */
  linkText?: string;
}

/** One figure. */
export function DashboardTile({ title, value, hint, to, linkText }: DashboardTileProps) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
    >
      <Typography variant="subtitle2" component="h2">
        {title}
      </Typography>
      <Typography variant="h5" component="p">
        {value === undefined ? <Skeleton width="70%" /> : value}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {hint}
      </Typography>
      {to && (
        <Link component={RouterLink} to={to} variant="body2">
          {linkText ?? 'Ver detalle'}
        </Link>
      )}
    </Paper>
  );
}

/** A list of tiles: one column on a phone, up to `columns` on a wide screen. */
export function DashboardTiles(props: { label: string; columns?: number; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={props.label}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${props.columns ?? 4}, minmax(0, 1fr))`,
        },
        gap: 2,
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 3,
      }}
    >
      {props.children}
    </Box>
  );
}
