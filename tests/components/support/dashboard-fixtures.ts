import type {
  AccountantDashboard,
  ClubOwnerDashboard,
  DashboardSession,
  MoneyMonth,
} from '../../../contract/dashboards.schema';
import { setupSteps } from '../../../contract/dashboards.schema';

/*
 * The owner's and the accountant's dashboards as the server answers them (contract/
 * dashboards.schema.ts), for club 1 on 25 Nov 2026 at 10:00 in Bogotá.
 */

export const demoClub = { id: 1, name: 'Club Deportivo Demo', timezone: 'America/Bogota' };
export const GENERATED_AT = '2026-11-25T15:00:00.000Z';

export const moneyMonths: MoneyMonth[] = [
  { month: '2026-06', billed: 1_200_000, collected: 900_000 },
  { month: '2026-07', billed: 1_200_000, collected: 1_300_000 },
  { month: '2026-08', billed: 1_320_000, collected: 1_100_000 },
  { month: '2026-09', billed: 1_320_000, collected: 1_250_000 },
  { month: '2026-10', billed: 1_440_000, collected: 1_380_000 },
  { month: '2026-11', billed: 1_440_000, collected: 350_000 },
];

export const money = {
  period: '2026-11',
  billed: 1_440_000,
  collected: 350_000,
  debt: 1_090_000,
  exempt: 0,
  in_review: { count: 2, amount: 240_000 },
  overdue: { count: 3, amount: 360_000 },
};

const noMoney: MoneyMonth[] = moneyMonths.map(({ month }) => ({ month, billed: 0, collected: 0 }));

const counts = { present: 0, late: 0, absent: 0, excused: 0 };

/** A session of Sub-12 (18:00 in Bogotá on Thursday 26 Nov), with `overrides`. */
export const upcomingSession = (
  id: number,
  overrides: Partial<DashboardSession> = {},
): DashboardSession => ({
  id,
  title: 'Técnica con balón',
  type: 'training',
  starts_at: '2026-11-26T23:00:00.000Z',
  ends_at: '2026-11-27T00:30:00.000Z',
  location: 'Cancha 2',
  category: { id: 2, name: 'Sub-12' },
  marks: 0,
  ...overrides,
});

/** A club in full swing: checklist complete, money, attendance, sessions. */
export const ownerDashboard = (
  overrides: Partial<ClubOwnerDashboard> = {},
): ClubOwnerDashboard => ({
  club: demoClub,
  generated_at: GENERATED_AT,
  counts: { players: 1234, trainers: 5, categories: 7 },
  money,
  money_months: moneyMonths,
  attendance: {
    from: '2026-10-26T15:00:00.000Z',
    to: GENERATED_AT,
    categories: [
      {
        category_id: 2,
        category_name: 'Sub-12',
        ...counts,
        sessions: 8,
        recorded: 100,
        present: 80,
        late: 5,
        absent: 15,
        rate: 0.85,
      },
      {
        category_id: 3,
        category_name: 'Sub-10',
        ...counts,
        sessions: 4,
        recorded: 40,
        present: 20,
        absent: 20,
        rate: 0.5,
      },
      {
        category_id: null,
        category_name: null,
        ...counts,
        sessions: 1,
        recorded: 30,
        present: 27,
        absent: 3,
        rate: 0.9,
      },
    ],
  },
  upcoming: {
    from: GENERATED_AT,
    to: '2026-12-02T15:00:00.000Z',
    sessions: [
      upcomingSession(7),
      upcomingSession(8, {
        title: 'Asamblea de padres',
        type: 'meeting',
        category: null,
        location: null,
        starts_at: '2026-11-28T14:00:00.000Z',
      }),
    ],
  },
  checklist: { complete: true, steps: setupSteps.map((step) => ({ step, done: true })) },
  ...overrides,
});

/** A club created today: only its data filled in. */
export const newClubDashboard = (): ClubOwnerDashboard =>
  ownerDashboard({
    club: { id: 9, name: 'Club Nuevo', timezone: 'America/Bogota' },
    counts: { players: 0, trainers: 0, categories: 0 },
    money: {
      ...money,
      billed: 0,
      collected: 0,
      debt: 0,
      in_review: { count: 0, amount: 0 },
      overdue: { count: 0, amount: 0 },
    },
    money_months: noMoney,
    attendance: { from: '2026-10-26T15:00:00.000Z', to: GENERATED_AT, categories: [] },
    upcoming: { from: GENERATED_AT, to: '2026-12-02T15:00:00.000Z', sessions: [] },
    checklist: {
      complete: false,
      steps: setupSteps.map((step) => ({ step, done: step === 'club_data' })),
    },
  });

export const accountantDashboard = (
  overrides: Partial<AccountantDashboard> = {},
): AccountantDashboard => ({
  club: demoClub,
  generated_at: GENERATED_AT,
  money,
  money_months: moneyMonths,
  debtors: {
    as_of: '2026-11-25',
    categories: [
      { category_id: 2, category_name: 'Sub-12', players: 1, payments: 2, amount: 240_000 },
      { category_id: 4, category_name: 'Sub-17', players: 1, payments: 1, amount: 120_000 },
    ],
  },
  methods: [
    { method_id: 1, method_name: 'Nequi', records: 2, amount: 230_000 },
    { method_id: null, method_name: 'Efectivo', records: 1, amount: 120_000 },
  ],
  receipts: {
    from: '2026-11-18T15:00:00.000Z',
    to: GENERATED_AT,
    count: 3,
    amount: 350_000,
    latest: [
      {
        record_id: 41,
        payment_id: 31,
        receipt_number: 118,
        player: { id: 11, name: 'Ana', lastname: 'Pérez' },
        amount: 120_000,
        issued_at: '2026-11-24T22:30:00.000Z',
      },
      {
        record_id: 40,
        payment_id: 30,
        receipt_number: 117,
        player: { id: 12, name: 'Luis', lastname: 'Gómez' },
        amount: 230_000,
        issued_at: '2026-11-20T14:00:00.000Z',
      },
    ],
  },
  ...overrides,
});

/** An accountant's dashboard of a club with no money yet. */
export const emptyAccountantDashboard = (): AccountantDashboard =>
  accountantDashboard({
    money: {
      ...money,
      billed: 0,
      collected: 0,
      debt: 0,
      in_review: { count: 0, amount: 0 },
      overdue: { count: 0, amount: 0 },
    },
    money_months: noMoney,
    debtors: { as_of: '2026-11-25', categories: [] },
    methods: [],
    receipts: {
      from: '2026-11-18T15:00:00.000Z',
      to: GENERATED_AT,
      count: 0,
      amount: 0,
      latest: [],
    },
  });
