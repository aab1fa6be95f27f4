import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { CategoryRef } from '../../../contract/people.schema';

/** Which section of the page shows: every player, a category's, or those without one. */
export type PlayerSection = number | 'none' | undefined;

interface SectionsProps {
  categories: readonly CategoryRef[];
  value: PlayerSection;
  onChange: (section: PlayerSection) => void;
}

/**
 * The page's sections (spec §7 `categorySection`): 'Todas', one chip per category and
 * 'Sin categoría'; the chosen one is pressed. Chips wrap, so every one fits at 390 px.
 */
export function PlayersSections({ categories, value, onChange }: SectionsProps) {
  const options: Array<{ key: string; label: string; section: PlayerSection }> = [
    { key: 'all', label: 'Todas', section: undefined },
    ...categories.map(({ id, name }) => ({ key: String(id), label: name, section: id })),
    { key: 'none', label: 'Sin categoría', section: 'none' },
  ];
  return (
    <Stack
      direction="row"
      role="group"
      aria-label="Secciones por categoría"
      sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
    >
      {options.map(({ key, label, section }) => {
        const chosen = section === value;
        return (
          <Chip
            key={key}
            label={label}
            clickable
            color={chosen ? 'primary' : 'default'}
            variant={chosen ? 'filled' : 'outlined'}
            aria-pressed={chosen}
            onClick={() => onChange(section)}
          />
        );
      })}
    </Stack>
  );
}
