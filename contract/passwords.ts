/*
 * What makes a new password too weak (issue #10, item 10), shared by the server (which
 * refuses it) and the register and reset forms (which say why, and show a strength meter).
 * Plain functions without zod: auth.schema.ts builds the refusals on them.
 */

/**
 * Passwords people choose first, lowercased: the usual English ones and the Spanish and
 * Colombian favourites (teams, 'colombia', 'contraseña'). A password is refused when,
 * lowercased and without its trailing digits and symbols, it is one of these (so
 * 'Colombia2024!' and 'password1' are refused too).
 */
const COMMON_PASSWORDS = new Set(
  [
    'password passw0rd contraseña contrasena clave secreto qwerty qwertyuiop asdfgh ',
    'asdfghjkl zxcvbnm abc abcd abcdef abcdefg abcdefgh abc123 a1b2c3 a1b2c3d4 iloveyou ',
    'teamo tequiero amor miamor princesa dragon monkey football futbol futbolista soccer ',
    'baseball master admin administrador welcome bienvenido letmein sunshine shadow ',
    'superman batman pokemon starwars trustno hola holamundo colombia bogota medellin ',
    'cali barranquilla cartagena mexico argentina peru chile ecuador venezuela ',
    'millonarios nacional atleticonacional america santafe junior realmadrid barcelona ',
    'messi cristiano ronaldo falcao james jesus dios diosesamor maria mariana daniel ',
    'alejandro sebastian santiago valentina camila carlos andres juan jose luis club ',
    'equipo deporte deportes entrenador jugador gestion gestiondeportiva usuario user ',
    'login test prueba temporal cambiar cambiame changeme default ',
    'computador internet google facebook ',
  ]
    .join('')
    .trim()
    .split(' '),
);

/** Who chooses the password: what of them must not be in it. */
export interface Person {
  email?: string;
  name?: string;
  lastname?: string;
}

/** Runs like '12345678', 'abcdefgh', 'qwertyui' (or backwards) that anyone guesses first. */
const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl'];

/** Lowercase, without accents: 'Pérez' and 'perez' are the same word to a guesser. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The password without its digits and symbols at the ends ('Colombia2024!' → 'colombia'). */
const core = (password: string) => fold(password).replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** A password made of a keyboard or number run, like '12345678a' or 'abcd1234'. */
function isSequence(password: string): boolean {
  const folded = fold(password).replace(/[^a-z0-9]/g, '');
  const runs = SEQUENCES.flatMap((run) => [run, [...run].reverse().join('')]);
  // Every chunk of 4+ characters of the password sits in a run: '12345678a' → '12345678'.
  const pieces = folded.match(/[a-z]+|[0-9]+/g) ?? [];
  const longest = pieces.reduce((best, piece) => (piece.length > best.length ? piece : best), '');
  return (
    longest.length >= 4 &&
    longest.length >= folded.length - 2 &&
    runs.some((run) => run.includes(longest))
  );
}

/** The words of a person that must not be in their password (3 letters or more). */
export function personalWords(person: Person) {
  const local = person.email?.split('@')[0] ?? '';
  return [local, ...(person.name ?? '').split(/\s+/), ...(person.lastname ?? '').split(/\s+/)]
    .map(fold)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length >= 3);
}

/** Why a new password is too weak whoever chooses it, in Spanish, or null. */
export function commonPasswordReason(password: string): string | null {
  if (new Set(fold(password).replace(/\s/g, '')).size < 5) {
    return 'La contraseña repite demasiado los mismos caracteres';
  }
  if (COMMON_PASSWORDS.has(core(password)) || isSequence(password)) {
    return 'Esa contraseña es de las más usadas; elige otra';
  }
  return null;
}

/** Why a new password is too weak for this person (their name or e-mail is in it), or null. */
export function personalPasswordReason(password: string, person: Person): string | null {
  const folded = fold(password);
  return personalWords(person).some((word) => folded.includes(word))
    ? 'La contraseña no puede contener tu nombre ni tu correo'
    : null;
}

/** Why a new password is too weak, in Spanish, or null when it is not. */
export function weakPasswordReason(password: string, person: Person = {}): string | null {
  return commonPasswordReason(password) ?? personalPasswordReason(password, person);
}

/** 0 (very weak) to 4 (strong): what the forms' meter shows while the person types. */
export function passwordStrength(password: string, person: Person = {}): 0 | 1 | 2 | 3 | 4 {
  if (password.length < 8 || weakPasswordReason(password, person)) return 0;
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\d/, /[^\p{L}\d]/u].filter((kind) => kind.test(password));
  const score =
    (password.length >= 12 ? 2 : 1) + (kinds.length >= 3 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  return Math.min(4, score) as 1 | 2 | 3 | 4;
}
