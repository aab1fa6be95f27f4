import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { randomUuid } from '../../src/lib/random-uuid';

describe('randomUuid', () => {
  it('makes version 4 UUIDs that zod accepts, different each time', () => {
    const keys = Array.from({ length: 200 }, () => randomUuid());
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(z.uuid().safeParse(key).success).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
