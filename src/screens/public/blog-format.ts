const dateFormat = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Bogota',
});

/** A post's publication date as a Colombian reader says it: '24 de noviembre de 2026'. */
export const formatPostDate = (iso: string): string => dateFormat.format(new Date(iso));
