import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { placeholderPages, type PlaceholderPath } from './placeholder-pages';

/** A page of the authenticated area that a later issue builds: its title and what will live there. */
export function PlaceholderScreen({ page }: { page: PlaceholderPath }) {
  const { title, description } = placeholderPages[page];
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{description}</Typography>
    </Box>
  );
}
