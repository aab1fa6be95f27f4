import type { LinkRequestKind } from '../../../contract/link-requests.schema';
import { linkRequestKindLabels } from '../../../contract/link-requests.schema';
import type { NewMail } from '../../mail/outbox';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `${appUrl}/link-request/${token}`: the public page where the recipient answers. */
export function linkRequestLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/link-request/${token}`;
}

/** What the club asks, in Spanish, for the notification and the e-mail. */
export function linkRequestText(input: {
  clubName: string;
  kind: LinkRequestKind;
  /** The child's name when the recipient answers as a guardian; null for the person. */
  childName: string | null;
}) {
  const as = linkRequestKindLabels[input.kind];
  const title = `${input.clubName} quiere vincular${input.childName ? ` a ${input.childName}` : 'te'}`;
  const message = input.childName
    ? `El club ${input.clubName} quiere agregar a ${input.childName} como ${as}. Solo pasará si aceptas. Si no conoces este club, rechaza la solicitud.`
    : `El club ${input.clubName} quiere agregarte como ${as}. Solo pasará si aceptas. Si no conoces este club, rechaza la solicitud.`;
  return { title, message };
}

/** The e-mail of one recipient, with their own single-use link. */
export function linkRequestMail(input: {
  appUrl: string;
  to: string;
  token: string;
  clubName: string;
  kind: LinkRequestKind;
  childName: string | null;
}): NewMail {
  const link = linkRequestLink(input.appUrl, input.token);
  const { title, message } = linkRequestText(input);
  const open = 'Abre este enlace para aceptar o rechazar la solicitud:';
  const text = ['Hola:', '', message, '', open, '', link].join('\n');
  const html = [
    '<p>Hola:</p>',
    `<p>${escapeHtml(message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Ver la solicitud</a></p>`,
    `<p>Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>`,
  ].join('\n');
  return { to: input.to, subject: title, text, html };
}
