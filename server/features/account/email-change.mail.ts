import type { NewMail } from '../../mail/outbox';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `${appUrl}/confirmar-correo?token=…`, the token URL-encoded. */
export function emailChangeLink(appUrl: string, token: string): string {
  const query = new URLSearchParams({ token });
  return `${appUrl.replace(/\/+$/, '')}/confirmar-correo?${query.toString()}`;
}

/** The notice to the old address once the change is confirmed: no link, nothing to click. */
export function emailChangedNotice(input: {
  name: string;
  oldEmail: string;
  newEmail: string;
}): NewMail {
  const text = [
    `Hola ${input.name}:`,
    '',
    `El correo de tu cuenta de Gestión deportiva cambió a ${input.newEmail}.`,
    'Si no fuiste tú, responde a este correo o escribe a soporte para recuperar tu cuenta.',
  ].join('\n');
  const html = [
    `<p>Hola ${escapeHtml(input.name)}:</p>`,
    `<p>El correo de tu cuenta de Gestión deportiva cambió a ${escapeHtml(input.newEmail)}.</p>`,
    '<p>Si no fuiste tú, responde a este correo o escribe a soporte para recuperar tu cuenta.</p>',
  ].join('\n');
  return { to: input.oldEmail, subject: 'Cambió el correo de tu cuenta', text, html };
}

/** The Spanish e-mail, sent to the new address, with the link that confirms it. */
export function emailChangeMail(input: {
  appUrl: string;
  name: string;
  newEmail: string;
  token: string;
  validMinutes: number;
}): NewMail {
  const link = emailChangeLink(input.appUrl, input.token);
  const minutes = input.validMinutes;
  const text = [
    `Hola ${input.name}:`,
    '',
    'Pediste usar este correo para tu cuenta de Gestión deportiva.',
    'Abre este enlace para confirmarlo:',
    '',
    link,
    '',
    `El enlace vence en ${minutes} minutos y solo se puede usar una vez.`,
    'Si no pediste este cambio, ignora este correo: tu cuenta no cambiará.',
  ].join('\n');
  const html = [
    `<p>Hola ${escapeHtml(input.name)}:</p>`,
    '<p>Pediste usar este correo para tu cuenta de Gestión deportiva.</p>',
    `<p><a href="${escapeHtml(link)}">Confirmar mi nuevo correo</a></p>`,
    `<p>Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>`,
    `<p>El enlace vence en ${minutes} minutos y solo se puede usar una vez.</p>`,
    '<p>Si no pediste este cambio, ignora este correo: tu cuenta no cambiará.</p>',
  ].join('\n');
  return {
    to: input.newEmail,
    subject: 'Confirma tu nuevo correo de Gestión deportiva',
    text,
    html,
  };
}
