import type { NewMail } from '../../mail/outbox';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `${appUrl}/reset-password?token=…&email=…`, both values URL-encoded. */
export function resetPasswordLink(appUrl: string, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${appUrl.replace(/\/+$/, '')}/reset-password?${query.toString()}`;
}

/** The Spanish e-mail with the reset link. */
export function resetPasswordMail(input: {
  appUrl: string;
  name: string;
  email: string;
  token: string;
  validMinutes: number;
}): NewMail {
  const link = resetPasswordLink(input.appUrl, input.token, input.email);
  const minutes = input.validMinutes;
  const text = [
    `Hola ${input.name}:`,
    '',
    'Recibimos una solicitud para restablecer la contraseña de tu cuenta en Gestión deportiva.',
    'Abre este enlace para elegir una nueva contraseña:',
    '',
    link,
    '',
    `El enlace vence en ${minutes} minutos y solo se puede usar una vez.`,
    'Si no pediste este cambio, ignora este correo: tu contraseña no cambiará.',
  ].join('\n');
  const html = [
    `<p>Hola ${escapeHtml(input.name)}:</p>`,
    '<p>Recibimos una solicitud para restablecer la contraseña de tu cuenta en Gestión deportiva.</p>',
    `<p><a href="${escapeHtml(link)}">Restablecer mi contraseña</a></p>`,
    `<p>Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>`,
    `<p>El enlace vence en ${minutes} minutos y solo se puede usar una vez.</p>`,
    '<p>Si no pediste este cambio, ignora este correo: tu contraseña no cambiará.</p>',
  ].join('\n');
  return { to: input.email, subject: 'Restablece tu contraseña de Gestión deportiva', text, html };
}
