import { describe, expect, it } from 'vitest';
import { initialsOf, shortName } from '../../src/components/shell/user-display';
import { WHATSAPP_GREETING, whatsappUrl } from '../../src/components/shell/whatsapp-link';

describe('shortName', () => {
  it('joins the first name and the first lastname', () => {
    expect(shortName('Pedro', 'Propietario Ramírez')).toBe('Pedro Propietario');
    expect(shortName('María José', 'Núñez Ríos')).toBe('María Núñez');
  });

  it('copes with extra spaces and a missing part', () => {
    expect(shortName('  Ana  ', '  Gómez   Díaz ')).toBe('Ana Gómez');
    expect(shortName('Ana', '')).toBe('Ana');
  });
});

describe('initialsOf', () => {
  it('takes the first letter of each, upper-cased', () => {
    expect(initialsOf('Pedro', 'Propietario Ramírez')).toBe('PP');
    expect(initialsOf('érika', 'muñoz')).toBe('ÉM');
    expect(initialsOf('Ana', '')).toBe('A');
  });
});

describe('whatsappUrl', () => {
  it('opens a wa.me chat with the Spanish greeting encoded', () => {
    expect(whatsappUrl('573001234567')).toBe(
      `https://wa.me/573001234567?text=${encodeURIComponent(WHATSAPP_GREETING)}`,
    );
    expect(whatsappUrl('573001234567')).toContain('Hola%2C%20necesito%20ayuda');
    expect(new URL(whatsappUrl('1')).searchParams.get('text')).toBe(WHATSAPP_GREETING);
  });
});
