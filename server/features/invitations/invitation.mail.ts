import { formatDateTime } from '../../../contract/dates.format';
import type { NewMail } from '../../mail/outbox';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `${appUrl}/invitation/${token}`: the public page where the invitee answers. */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/invitation/${token}`;
}

/** "29/11/2026 21:34" in the club's time zone. */
export function formatExpiry(expiresAt: Date, timeZone: string): string {
  return formatDateTime(expiresAt, timeZone);
}

/** 'Ana Pérez, Luis Gómez y Sara Ruiz'. */
const namesList = (names: string[]): string =>
  new Intl.ListFormat('es', { style: 'long', type: 'conjunction' }).format(names);

/** The Spanish e-mail that carries an invitation link; a guardian's names the children. */
export function invitationMail(input: {
  appUrl: string;
  email: string;
  token: string;
  clubName: string;
  roleName: string;
  inviterName: string | null;
  expiresAt: Date;
  timeZone: string;
  childNames?: string[] | undefined;
  inviteeName?: string | undefined;
  relationship?: string | undefined;
}): NewMail {
  const link = invitationLink(input.appUrl, input.token);
  const who = input.inviterName ?? 'El equipo de administración';
  const children = input.childNames?.length ? ` de ${namesList(input.childNames)}` : '';
  const as = input.relationship ? ` (${input.relationship})` : '';
  const hello = input.inviteeName ? `Hola, ${input.inviteeName}:` : 'Hola:';
  const invited = `${who} te invitó a unirte a ${input.clubName} en Gestión deportiva como ${input.roleName}${as}${children}.`;
  const expiry = `La invitación vence el ${formatExpiry(input.expiresAt, input.timeZone)} y solo sirve para ${input.email}.`;
  const ignore = 'Si no esperabas esta invitación, ignora este correo.';
  const text = [
    hello,
    '',
    invited,
    'Abre este enlace para aceptarla (si aún no tienes cuenta, la creas ahí mismo):',
    '',
    link,
    '',
    expiry,
    ignore,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(invited)}</p>`,
    `<p><a href="${escapeHtml(link)}">Ver la invitación</a></p>`,
    `<p>Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
  ].join('\n');
  return {
    to: input.email,
    subject: `Te invitaron a ${input.clubName} en Gestión deportiva`,
    text,
    html,
  };
}
