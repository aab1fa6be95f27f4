import type { RoleName } from '../../../contract/roles.schema';

/** Password of every demo account (meets the password rule: letter, digit, ≥ 8). */
export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_CLUB_NAME = 'Club Deportivo Demo';

export interface DemoAccount {
  email: string;
  name: string;
  lastname: string;
  /**
   * Role in the demo club; null for the accounts without a club. The super admin's is not
   * a membership: they work in the demo club (their current club) as super admin.
   */
  role: RoleName | null;
  isSuperAdmin: boolean;
  onboardingCompleted: boolean;
}

/** The accounts the demo seed creates on an empty database (README and tests name them from here). */
export const demoAccounts: readonly DemoAccount[] = [
  {
    email: 'admin@demo.club',
    name: 'Ana',
    lastname: 'Administradora Gómez',
    role: 'Super Admin',
    isSuperAdmin: true,
    onboardingCompleted: true,
  },
  {
    email: 'propietario@demo.club',
    name: 'Pedro',
    lastname: 'Propietario Ramírez',
    role: 'Propietario del Club',
    isSuperAdmin: false,
    onboardingCompleted: true,
  },
  {
    email: 'entrenador@demo.club',
    name: 'Érika',
    lastname: 'Entrenadora Muñoz',
    role: 'Entrenador',
    isSuperAdmin: false,
    onboardingCompleted: true,
  },
  {
    email: 'contador@demo.club',
    name: 'Óscar',
    lastname: 'Contador Peña',
    role: 'Contador',
    isSuperAdmin: false,
    onboardingCompleted: true,
  },
  {
    email: 'jugador@demo.club',
    name: 'Julián',
    lastname: 'Jugador Álvarez',
    role: 'Jugador',
    isSuperAdmin: false,
    onboardingCompleted: true,
  },
  {
    email: 'padre@demo.club',
    name: 'Pablo',
    lastname: 'Padre Zúñiga',
    role: 'Padre/Acudiente',
    isSuperAdmin: false,
    onboardingCompleted: true,
  },
  {
    email: 'nuevo@demo.club',
    name: 'Nicolás',
    lastname: 'Nuevo Ibáñez',
    role: null,
    isSuperAdmin: false,
    onboardingCompleted: false,
  },
  {
    email: 'sinclub@demo.club',
    name: 'Sofía',
    lastname: 'Sin Club Castaño',
    role: null,
    isSuperAdmin: false,
    onboardingCompleted: true,
  },
];

/** A demo account by e-mail (throws for a typo, so tests fail loudly). */
export function demoAccount(email: string): DemoAccount {
  const account = demoAccounts.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return account;
}
