import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { Category } from '../../../contract/categories.schema';
import { isRealIsoDate } from '../../../contract/common.schema';
import { isoToday } from '../../../contract/people.schema';
import type { CategoryRef } from '../../../contract/people.schema';
import { useActiveCategories, useCategoriesForBirthday } from '../../api/players.api';
import { FormSection, FormSelect, type PlayerForm } from './player-form-fields';

interface CategorySectionProps {
  form: PlayerForm;
  clubId: number;
  /** The player's category now (it may be inactive, and still be shown). */
  current: CategoryRef | null;
}

/** A birth date the categories can be looked up by: real and not in the future. */
const usableBirthDate = (value: string) =>
  isRealIsoDate(value) && value <= isoToday() ? value : null;

/**
 * 3. Categoría: with the birth date and gender known, the categories they fit are proposed
 * as chips (the only one is chosen when none is yet); the select lists every active one.
 */
export function PlayerCategorySection({ form, clubId, current }: CategorySectionProps) {
  const [birthDate, gender, chosen] = useWatch({
    control: form.control,
    name: ['birth_date', 'gender', 'category_id'],
  });
  const proposals = useCategoriesForBirthday(clubId, usableBirthDate(birthDate), gender || null);
  const proposed: Category[] = proposals.data ?? [];
  const { setValue } = form;
  const only = proposed.length === 1 ? proposed[0]!.id : null;
  // Once per birth date and gender: 'Sin categoría' chosen afterwards stays chosen.
  const pickedFor = useRef<string | null>(null);
  const lookedUp = `${birthDate}|${gender}`;
  useEffect(() => {
    if (only === null || chosen !== '' || pickedFor.current === lookedUp) return;
    pickedFor.current = lookedUp;
    setValue('category_id', String(only), { shouldDirty: true });
  }, [only, chosen, lookedUp, setValue]);

  const active = useActiveCategories(clubId).data?.data ?? [];
  const options = active.map(({ id, name }) => ({ value: String(id), label: name }));
  for (const extra of [current, ...proposed]) {
    if (extra && !options.some(({ value }) => value === String(extra.id))) {
      options.push({ value: String(extra.id), label: extra.name });
    }
  }

  return (
    <FormSection title="Categoría">
      {proposals.isSuccess && (
        <>
          <Typography variant="body2" id="proposed-categories" sx={{ mb: 1 }}>
            {proposed.length > 0
              ? 'Categorías según la fecha de nacimiento y el género:'
              : 'Ninguna categoría activa corresponde a esa fecha de nacimiento y género.'}
          </Typography>
          {proposed.length > 0 && (
            <Stack
              direction="row"
              role="group"
              aria-labelledby="proposed-categories"
              sx={{ flexWrap: 'wrap', gap: 1 }}
            >
              {proposed.map(({ id, name }) => {
                const selected = chosen === String(id);
                return (
                  <Chip
                    key={id}
                    label={name}
                    clickable
                    aria-pressed={selected}
                    color={selected ? 'primary' : 'default'}
                    variant={selected ? 'filled' : 'outlined'}
                    onClick={() =>
                      setValue('category_id', String(id), {
                        shouldDirty: true,
                        shouldValidate: true,
                      })
                    }
                  />
                );
              })}
            </Stack>
          )}
        </>
      )}
      {!proposals.isSuccess && (
        <Typography variant="body2" color="text.secondary">
          Con la fecha de nacimiento y el género se proponen las categorías que le corresponden.
        </Typography>
      )}
      <FormSelect
        form={form}
        name="category_id"
        label="Categoría"
        empty="Sin categoría"
        options={options}
      />
    </FormSection>
  );
}
