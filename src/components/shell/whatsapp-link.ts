/** The message the support chat opens with. */
export const WHATSAPP_GREETING = 'Hola, necesito ayuda con Gestión deportiva';

/** The `wa.me` chat link to `phone` (digits, country code first) with the greeting typed in. */
export function whatsappUrl(phone: string, text = WHATSAPP_GREETING): string {
  return `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;
}
