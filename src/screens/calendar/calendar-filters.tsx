import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sessionTypeLabels, type SessionType } from '../../../contract/sessions.schema';
import { categoryColour } from './calendar-events';

interface CalendarFiltersProps {
  categories: readonly { id: number; name: string }[];
  categoryIds: readonly number[];
  onCategoryIds: (ids: number[]) => void;
  /** The types offered (the trainings page offers none: its type is fixed). */
  types: readonly SessionType[];
  chosenTypes: readonly SessionType[];
  onTypes: (types: SessionType[]) => void;
}

const toggle = <T,>(list: readonly T[], value: T) =>
  list.includes(value) ? list.filter((each) => each !== value) : [...list, value];

/** Chips above the calendar: categories (several) and types; none chosen shows everything. */
export function CalendarFilters(props: CalendarFiltersProps) {
  const { categories, categoryIds, types, chosenTypes } = props;
  return (
    <Stack sx={{ gap: 1, mb: 2 }}>
      {categories.length > 0 && (
        <Stack
          role="group"
          aria-labelledby="calendar-categories-label"
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Typography id="calendar-categories-label" variant="body2" sx={{ mr: 0.5 }}>
            Categorías:
          </Typography>
          {categories.map(({ id, name }) => {
            const chosen = categoryIds.includes(id);
            return (
              <Chip
                key={id}
                label={name}
                size="small"
                clickable
                aria-pressed={chosen}
                variant={chosen ? 'filled' : 'outlined'}
                onClick={() => props.onCategoryIds(toggle(categoryIds, id))}
                sx={{ borderColor: categoryColour(id), borderWidth: 2, borderStyle: 'solid' }}
              />
            );
          })}
        </Stack>
      )}
      {types.length > 1 && (
        <Stack
          role="group"
          aria-labelledby="calendar-types-label"
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Typography id="calendar-types-label" variant="body2" sx={{ mr: 0.5 }}>
            Tipos:
          </Typography>
          {types.map((type) => {
            const chosen = chosenTypes.includes(type);
            return (
              <Chip
                key={type}
                label={sessionTypeLabels[type]}
                size="small"
                clickable
                aria-pressed={chosen}
                color={chosen ? 'primary' : 'default'}
                variant={chosen ? 'filled' : 'outlined'}
                onClick={() => props.onTypes(toggle(chosenTypes, type))}
              />
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
