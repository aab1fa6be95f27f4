import { describe, expect, it } from 'vitest';
import { idSchema, listQuerySchema } from '../../contract/common.schema';

/*
 * Ids and page numbers from paths and query strings: anything but decimal digits is
 * refused with the Spanish message that names the field, never zod's generic text about
 * a pattern.
 */
describe('whole numbers in paths and queries', () => {
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it.each(['abc', '1.5', 'x1', ' 7', '', -3, 2.5])('refuses %j as an id in Spanish', (value) => {
    expect(messages(idSchema('El pago').safeParse(value))).toEqual([
      'El pago debe ser un número entero positivo',
    ]);
  });

  it('reads digits and integers as ids', () => {
    expect(idSchema().parse('42')).toBe(42);
    expect(idSchema().parse(7)).toBe(7);
  });

  it('refuses a page that is not a number with its own message', () => {
    const query = listQuerySchema({ sortable: ['name'] as const, defaultSort: 'name' });
    expect(messages(query.safeParse({ page: 'abc' }))).toEqual([
      'La página debe ser un número entero',
    ]);
  });
});
