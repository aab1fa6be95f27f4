import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { imageUrlSchema } from '../../contract/image-url.schema';

/** An edit's body: every field optional, as PATCH players/trainers and the club form send. */
const edit = z.object({ photo_url: imageUrlSchema('La foto', 500).optional() });

describe('imageUrlSchema (issue #33 item 7)', () => {
  it('keeps an absent field absent, so an edit that does not send the photo keeps it', () => {
    expect(edit.parse({})).toEqual({});
    expect('photo_url' in edit.parse({})).toBe(false);
  });

  it("clears with '' or null, and keeps our stored path or an https address", () => {
    expect(edit.parse({ photo_url: '' })).toEqual({ photo_url: null });
    expect(edit.parse({ photo_url: null })).toEqual({ photo_url: null });
    expect(edit.parse({ photo_url: '/api/files/photos/abc_1.webp' })).toEqual({
      photo_url: '/api/files/photos/abc_1.webp',
    });
    expect(edit.parse({ photo_url: 'https://example.org/a.png' })).toEqual({
      photo_url: 'https://example.org/a.png',
    });
  });

  it('refuses javascript:, data: and http: addresses', () => {
    for (const address of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'http://x.org/a.png',
    ]) {
      expect(edit.safeParse({ photo_url: address }).success, address).toBe(false);
    }
  });
});
