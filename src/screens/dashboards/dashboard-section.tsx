import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled part of a dashboard. */
export function DashboardSection(props: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={props.id} sx={{ mb: 3, minWidth: 0 }}>
      <Typography variant="h2" id={props.id} sx={{ mb: 1.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/** What an empty part says (a brand-new club), with what to do next. */
export function EmptyPart({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}
