/**
 * What the super administrator's platform endpoints (issue #17, `/api/admin/…`) share:
 * their refusal for anyone else. Each page's own shapes live in its own contract file
 * (admin-clubs, admin-users, audit-log, blog-posts, site-pages, communications, …).
 */
export const platformMessages = {
  superAdminOnly: 'Solo el super administrador puede usar la administración de la plataforma',
} as const;
