import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuthContext } from '../../app/auth-context';
import { selectSelectedClubId } from '../../machines/auth.selectors';

interface ClubScreenProps {
  /** The page's heading, also shown when no club is selected. */
  title: string;
  /** What a club would show: 'sus categorías' ('… para ver sus categorías.'). */
  needs: string;
  /** The page's width on a wide screen (px). */
  maxWidth?: number;
  /** The page of club `clubId`; remade from scratch when another club is selected. */
  children: (clubId: number) => ReactNode;
}

/**
 * A club's page (/home/categories, /home/players, …): the selected club's content, or the
 * title and a pointer to 'Club / Equipo' while none is selected.
 */
export function ClubScreen({ title, needs, maxWidth = 1200, children }: ClubScreenProps) {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth, mx: 'auto', px: 2, py: 4 }}>
      {clubId > 0 ? (
        <Fragment key={clubId}>{children(clubId)}</Fragment>
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver {needs}.
          </Alert>
        </>
      )}
    </Box>
  );
}
