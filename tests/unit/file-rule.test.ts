import { describe, expect, it } from 'vitest';
import { type FileRule, fileProblem } from '../../src/lib/file-rule';

const rule: FileRule = {
  types: ['image/png', 'application/pdf'],
  maxBytes: 10,
  wrongType: 'Tipo no permitido',
  tooLarge: 'Archivo muy grande',
};
const file = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'x', { type });

describe('fileProblem', () => {
  it('lets through an accepted type up to the size limit, the limit included', () => {
    expect(fileProblem(file('image/png', 10), rule)).toBeNull();
    expect(fileProblem(file('application/pdf', 0), rule)).toBeNull();
  });

  it('refuses another type first, then a file over the limit, with the rule’s words', () => {
    expect(fileProblem(file('image/gif', 50), rule)).toBe('Tipo no permitido');
    expect(fileProblem(file('', 1), rule)).toBe('Tipo no permitido');
    expect(fileProblem(file('image/png', 11), rule)).toBe('Archivo muy grande');
  });
});
