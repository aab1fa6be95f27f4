import { formatDay } from '../../../contract/dates.format';
import { formatMoney } from '../../../contract/money.format';
import type { NewMail } from '../../mail/outbox';
import { whatsappPhone } from './receipt-share';

/*
 * The words of a family's payment reminder (issue #34): the e-mail, the in-app notice, the
 * WhatsApp text and the line the staff's result shows. Spanish with 'tú'. One reminder
 * lists every payment of the family's children in the request.
 */

/** One owed payment of the reminder. */
export interface ReminderItem {
  /** The player's full name. */
  player: string;
  charge: string;
  /** The first day of the period ('2026-03-01'). */
  period: string;
  dueDate: string;
  balance: number;
  /** How far the due date is, for the scheduled reminders ('vence en 3 días'). */
  when?: string;
}

/** What a family's reminder says, whoever it goes to. */
export interface ReminderFacts {
  club: string;
  /** Whom the greeting names (the guardian, or the adult player). */
  greeting: string | null;
  /** false for the adult player himself: his lines do not repeat his name. */
  namesPlayers: boolean;
  items: ReminderItem[];
  methods: { name: string; details: string | null }[];
  link: string;
  /** The scheduled reminders' escalating title ('Pago vencido'); 'Recordatorio de pago' if absent. */
  title?: string;
}

const monthName = (period: string) =>
  new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}T00:00:00Z`),
  );
/** A due day ('YYYY-MM-DD') as 'dd/mm/aaaa', as every date the club shows. */
const dayName = (date: string) => formatDay(date);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const whatOf = (item: ReminderItem) => `${item.charge} de ${monthName(item.period)}`;
const deadline = (item: ReminderItem) =>
  `fecha límite ${dayName(item.dueDate)}${item.when ? `, ${item.when}` : ''}`;

/** '- Ana Núñez: Mensualidad de marzo de 2026, $ 100.000, fecha límite 5 de marzo de 2026'. */
const itemLine = (facts: ReminderFacts, item: ReminderItem) =>
  `- ${facts.namesPlayers ? `${item.player}: ` : ''}${whatOf(item)}, ${formatMoney(item.balance)}, ${deadline(item)}`;

const total = (facts: ReminderFacts) => facts.items.reduce((sum, item) => sum + item.balance, 0);

/** The lines every channel shares: what is owed, the total and how the club takes money. */
function bodyLines(facts: ReminderFacts): string[] {
  const one = facts.items.length === 1;
  return [
    `${facts.club} te recuerda ${one ? 'el pago pendiente' : 'los pagos pendientes'}:`,
    ...facts.items.map((item) => itemLine(facts, item)),
    ...(one ? [] : [`Total: ${formatMoney(total(facts))}.`]),
    ...(facts.methods.length > 0
      ? [
          'Puedes pagar por:',
          ...facts.methods.map((x) => `- ${x.name}${x.details ? `: ${x.details}` : ''}`),
        ]
      : []),
  ];
}

/** The reminder e-mail (plain text and HTML say the same). */
export function reminderMail(to: string, facts: ReminderFacts): NewMail {
  const title = facts.title ?? 'Recordatorio de pago';
  const subject =
    facts.items.length === 1
      ? `${title}: ${whatOf(facts.items[0]!)}`
      : `${title}: ${facts.items.length} pagos pendientes`;
  const lines = [
    facts.greeting ? `Hola, ${facts.greeting}:` : 'Hola:',
    ...bodyLines(facts),
    `Mira tus pagos y envía el comprobante en ${facts.link}`,
    'Si ya pagaste, ignora este mensaje.',
  ];
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

/** The in-app notification's title and message (the methods are one tap away). */
export function reminderNotice(facts: ReminderFacts): { title: string; message: string } {
  const parts = facts.items.map(
    (item) =>
      `${facts.namesPlayers ? `${item.player}: ` : ''}${whatOf(item)}, ${formatMoney(item.balance)} (${deadline(item)})`,
  );
  return {
    title: facts.title ?? 'Recordatorio de pago',
    message: `${facts.club} te recuerda: ${parts.join('; ')}.${
      facts.items.length > 1 ? ` Total: ${formatMoney(total(facts))}.` : ''
    } Envía el comprobante desde Mis pagos.`,
  };
}

/** The WhatsApp text and `https://wa.me/[digits]?text=…` (no number: WhatsApp asks whom). */
export function reminderWhatsapp(phone: string | null, facts: ReminderFacts) {
  const lines = [
    facts.greeting ? `Hola, ${facts.greeting}.` : 'Hola.',
    ...bodyLines(facts),
    `Mira tus pagos en ${facts.link}`,
  ];
  const digits = whatsappPhone(phone);
  return {
    url: `https://wa.me/${digits ?? ''}?text=${encodeURIComponent(lines.join('\n'))}`,
    hasPhone: digits !== null,
  };
}

/** What went where, for the staff's result: 'Familia de X: correo a a@b.co, notificación en la app; WhatsApp listo'. */
export function familySummary(family: {
  name: string;
  emails: string[];
  inApp: boolean;
  whatsappPhone: boolean;
  /** The adult player himself (his own contact is missing, not a guardian's). */
  self: boolean;
}): string {
  const sent = [
    ...(family.emails.length > 0 ? [`correo a ${family.emails.join(', ')}`] : []),
    ...(family.inApp ? ['notificación en la app'] : []),
  ];
  if (sent.length === 0 && !family.whatsappPhone) {
    const where = family.self
      ? 'Agrega su correo o celular en la ficha del jugador'
      : 'Agrega el correo o el celular del acudiente en la ficha del jugador';
    return `${family.name}: no tiene correo, cuenta en la app ni celular registrados. ${where}, o comparte el mensaje por WhatsApp eligiendo el contacto.`;
  }
  const whatsapp = family.whatsappPhone
    ? 'WhatsApp listo'
    : 'WhatsApp sin número (elige el contacto al abrirlo)';
  if (sent.length === 0) {
    return `${family.name}: no tiene correo ni cuenta en la app; ${whatsapp} para enviárselo`;
  }
  return `${family.name}: ${sent.join(', ')}; ${whatsapp}`;
}
