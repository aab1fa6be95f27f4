import type { CategoryGender, CategoryStatus } from '../../../contract/categories.schema';
import type { PersonGender } from '../../../contract/profile.schema';

/*
 * Which categories a player fits (DOMAIN.md, "Club and its set-up"): an active category
 * whose birth years hold the player's year, of the player's gender or mixed (a person of
 * gender 'other' fits mixed categories only). One rule for
 * `GET …/categories-birthday/{birthday}/gender/{gender}` (categories.service.ts) and for
 * the players import, which loads the club's categories once and judges every row here.
 */

/** What the rule reads of a category. */
export interface FitCategory {
  gender: CategoryGender;
  birthYearFrom: number;
  birthYearTo: number | null;
  status: CategoryStatus;
}

/** True when a player born in `year` (e.g. 2014) of `gender` fits `category`. */
export function categoryFits(category: FitCategory, year: number, gender: PersonGender): boolean {
  return (
    category.status === 'active' &&
    category.birthYearFrom <= year &&
    (category.birthYearTo === null || category.birthYearTo >= year) &&
    (category.gender === 'mixed' || (gender !== 'other' && category.gender === gender))
  );
}

/** The categories of `list` a player born on `birthday` (YYYY-MM-DD) of `gender` fits. */
export function fittingCategories<T extends FitCategory>(
  list: readonly T[],
  birthday: string,
  gender: PersonGender,
): T[] {
  const year = Number(birthday.slice(0, 4));
  return list.filter((category) => categoryFits(category, year, gender));
}
