/** The first word of a name part ('Propietario Ramírez' → 'Propietario'). */
const firstWord = (text: string) => text.trim().split(/\s+/)[0] ?? '';

/** First name plus first lastname, as the top bar shows the user: 'Pedro Propietario'. */
export function shortName(name: string, lastname: string): string {
  return [firstWord(name), firstWord(lastname)].filter(Boolean).join(' ');
}

/** Up to two initials for the avatar: 'Pedro', 'Propietario Ramírez' → 'PP'. */
export function initialsOf(name: string, lastname: string): string {
  return [firstWord(name), firstWord(lastname)]
    .map((word) => word.charAt(0).toLocaleUpperCase('es'))
    .join('');
}
