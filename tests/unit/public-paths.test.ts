import { describe, expect, it } from 'vitest';
import { isGuestOnlyPath, isPublicPath, safeRedirectTarget } from '../../src/lib/public-paths';

describe('isPublicPath (logout stays on the page)', () => {
  it('matches exactly the spec’s list, ignoring a trailing slash and the query', () => {
    for (const path of ['/', '/login', '/register', '/forgot-password', '/reset-password']) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ['/contact', '/blog', '/pricing', '/about', '/blog/', '/login?x=1']) {
      expect(isPublicPath(path)).toBe(true);
    }
  });

  it('sends every other page to /login, including a blog post (spec §2 lists /blog only)', () => {
    for (const path of ['/home/dashboard', '/blog/mi-post', '/terminos', '/onboarding']) {
      expect(isPublicPath(path)).toBe(false);
    }
  });
});

describe('isGuestOnlyPath', () => {
  it('is /login and /register', () => {
    expect(isGuestOnlyPath('/login')).toBe(true);
    expect(isGuestOnlyPath('/register/')).toBe(true);
    expect(isGuestOnlyPath('/forgot-password')).toBe(false);
  });
});

describe('safeRedirectTarget', () => {
  it('follows paths of this app and refuses anything else', () => {
    expect(safeRedirectTarget('/home/players?page=2')).toBe('/home/players?page=2');
    expect(safeRedirectTarget('//evil.example/x')).toBeNull();
    expect(safeRedirectTarget('https://evil.example')).toBeNull();
    expect(safeRedirectTarget('/\\evil.example')).toBeNull();
    expect(safeRedirectTarget('/login')).toBeNull();
    expect(safeRedirectTarget(null)).toBeNull();
  });
});
