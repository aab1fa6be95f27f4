import { ageOn } from '../../../contract/people.schema';
import type { RoleName } from '../../../contract/roles.schema';
import type { players } from '../schema/players';
import type { users } from '../schema/users';

/*
 * The demo club's people beyond the demo accounts (issue #11): three more trainers and
 * 120 players with Colombian names, documents that fit their age (RC under 7, TI 7–17,
 * CC adults), birth dates inside their category's years, a guardian for every minor and a
 * few inactive. Deterministic: the same data on every machine (a seeded generator).
 */

export const PLAYERS_PER_DEMO_CATEGORY = 20;
const PER_CATEGORY = PLAYERS_PER_DEMO_CATEGORY;

/**
 * The demo categories, the years back from the seeding year they hold (oldest, youngest)
 * and how many made-up players each gets. Mayores holds only the demo player account, an
 * adult (issue #15: an adult player with his own payments and attendance).
 */
export const demoCategoryBands = [
  { name: 'Sub-8 Mixta', gender: 'mixed', oldest: 7, youngest: 6, players: PER_CATEGORY },
  { name: 'Sub-10', gender: 'male', oldest: 9, youngest: 8, players: PER_CATEGORY },
  { name: 'Sub-12', gender: 'male', oldest: 11, youngest: 10, players: PER_CATEGORY },
  { name: 'Sub-14', gender: 'male', oldest: 13, youngest: 12, players: PER_CATEGORY },
  { name: 'Sub-15 Femenino', gender: 'female', oldest: 14, youngest: 11, players: PER_CATEGORY },
  { name: 'Sub-17', gender: 'male', oldest: 16, youngest: 14, players: PER_CATEGORY },
  { name: 'Mayores', gender: 'male', oldest: 35, youngest: 18, players: 0 },
] as const;
export type DemoCategoryName = (typeof demoCategoryBands)[number]['name'];

/** The demo trainer account's categories, and the three trainers the club added itself. */
export const demoTrainerAccountCategories: DemoCategoryName[] = ['Sub-10', 'Sub-12'];
export const demoClubTrainers = [
  {
    name: 'Carlos Andrés',
    lastname: 'Restrepo Londoño',
    email: 'carlos.restrepo@demo.club',
    documentNumber: '71654321',
    phone: '3104567890',
    categories: ['Sub-14', 'Sub-17'] as DemoCategoryName[],
  },
  {
    name: 'Luisa Fernanda',
    lastname: 'Ospina Cárdenas',
    email: 'luisa.ospina@demo.club',
    documentNumber: '43987654',
    phone: '3157654321',
    categories: ['Sub-8 Mixta', 'Sub-15 Femenino'] as DemoCategoryName[],
  },
  {
    name: 'Jhon Jairo',
    lastname: 'Valencia Mosquera',
    email: null,
    documentNumber: '1036612345',
    phone: '3201239876',
    categories: ['Sub-12'] as DemoCategoryName[],
  },
] as const;

const boys = [
  'Santiago',
  'Matías',
  'Sebastián',
  'Nicolás',
  'Samuel',
  'Tomás',
  'Martín',
  'Andrés',
  'Julián',
  'Emiliano',
  'Jerónimo',
  'Simón',
  'Juan José',
  'Joaquín',
  'Maximiliano',
  'David',
  'Isaac',
  'Esteban',
  'Jacobo',
  'Ángel',
];
const girls = [
  'Valentina',
  'Sofía',
  'Mariana',
  'Isabella',
  'Salomé',
  'Luciana',
  'Antonella',
  'Gabriela',
  'María José',
  'Daniela',
  'Sara',
  'Manuela',
  'Verónica',
  'Juliana',
  'Natalia',
  'Ximena',
  'Laura',
  'Camila',
  'Lucía',
  'Mía',
];
const surnames = [
  'Gómez',
  'Rodríguez',
  'Martínez',
  'García',
  'López',
  'Hernández',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Díaz',
  'Muñoz',
  'Álvarez',
  'Jiménez',
  'Ríos',
  'Castaño',
  'Zuluaga',
  'Giraldo',
  'Ochoa',
  'Peña',
  'Cárdenas',
  'Quintero',
  'Ibáñez',
  'Valencia',
  'Córdoba',
  'Suárez',
  'Montaño',
  'Agudelo',
  'Bermúdez',
];
const mothers = [
  'Luz Marina',
  'Claudia',
  'Adriana',
  'Paola',
  'Diana',
  'Sandra',
  'Liliana',
  'Ángela',
  'Mónica',
  'Yolanda',
];
const fathers = [
  'Jorge',
  'Hernán',
  'Óscar',
  'Fabián',
  'Germán',
  'Álvaro',
  'Wílmar',
  'Rubén',
  'Édgar',
  'John Fredy',
];
const positions = ['Portero', 'Defensa', 'Lateral', 'Mediocampista', 'Volante', 'Delantero'];
const healthInsurers = ['Sura', 'Sanitas', 'Nueva EPS', 'Compensar', 'Salud Total', 'Famisanar'];
const bloodTypes = ['O+', 'O+', 'O+', 'A+', 'A+', 'B+', 'O-', 'AB+'] as const;
const feet = ['right', 'right', 'right', 'left', 'both'] as const;

/** mulberry32: a small seeded generator, so every seed run writes the same people. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export interface DemoPlayer {
  person: Omit<typeof users.$inferInsert, 'passwordHash'>;
  /** Everything of the players row but the club and the user. */
  club: Omit<typeof players.$inferInsert, 'clubId' | 'userId'> & { categoryName: DemoCategoryName };
}

/** The 120 demo players, as of `today` (`YYYY-MM-DD`, the seeding day). */
export function demoPlayers(today: string): DemoPlayer[] {
  const year = Number(today.slice(0, 4));
  const random = generator(20_26);
  const people: DemoPlayer[] = [];
  for (const [bandIndex, band] of demoCategoryBands.entries()) {
    for (let n = 0; n < band.players; n += 1) {
      const index = bandIndex * PLAYERS_PER_DEMO_CATEGORY + n;
      const female = band.gender === 'female' || (band.gender === 'mixed' && n % 2 === 1);
      const birthYear = year - random.int(band.youngest, band.oldest);
      const birthDate = `${birthYear}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;
      const age = ageOn(birthDate, today);
      const surname = random.pick(surnames);
      const fromMother = random.int(0, 1) === 0;
      const guardianName = `${random.pick(fromMother ? mothers : fathers)} ${fromMother ? random.pick(surnames) : surname}`;
      people.push({
        person: {
          name: random.pick(female ? girls : boys),
          lastname: `${surname} ${random.pick(surnames)}`,
          email: null,
          documentType: age < 7 ? 'RC' : 'TI',
          // RC and TI carry 10 digits; the index keeps them unique.
          documentNumber: `10${pad(birthYear % 100)}${pad(index, 6)}`,
          birthDate,
          gender: female ? 'female' : 'male',
          phone: null,
        },
        club: {
          categoryName: band.name,
          status: index % 17 === 5 ? 'inactive' : 'active',
          position: random.pick(positions),
          dominantFoot: random.pick(feet),
          jerseyNumber: n + 1,
          enrollmentDate: `${year - random.int(0, 2)}-${pad(random.int(1, 2))}-${pad(random.int(1, 28))}`,
          paymentModality: index % 10 === 0 ? 'quarterly' : 'monthly',
          eps: random.pick(healthInsurers),
          bloodType: random.pick(bloodTypes),
          allergies: index % 11 === 0 ? 'Alergia a la penicilina' : null,
          emergencyContactName: guardianName,
          emergencyContactPhone: `31${random.int(0, 9)}${random.int(1_000_000, 9_999_999)}`,
          guardianName,
          guardianPhone: `30${random.int(0, 9)}${random.int(1_000_000, 9_999_999)}`,
          guardianEmail: index % 3 === 0 ? `acudiente${index + 1}@correo.demo` : null,
          guardianRelationship: fromMother ? 'mother' : 'father',
        },
      });
    }
  }
  return people;
}

/** The role each demo person holds in the demo club. */
export const DEMO_TRAINER_ROLE: RoleName = 'Entrenador';
export const DEMO_PLAYER_ROLE: RoleName = 'Jugador';
