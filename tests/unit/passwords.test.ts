import { describe, expect, it } from 'vitest';
import {
  commonPasswordReason,
  passwordStrength,
  personalPasswordReason,
  weakPasswordReason,
} from '../../contract/passwords';

const ana = { email: 'ana.perez@demo.club', name: 'Ana María', lastname: 'Pérez Ríos' };

describe('commonPasswordReason', () => {
  it.each([
    'password1',
    '12345678a',
    'Colombia2024!',
    'qwerty123',
    '87654321z',
    'abcd1234',
    'Contraseña1',
  ])('refuses %j as one of the most used', (password) => {
    expect(commonPasswordReason(password)).toBe('Esa contraseña es de las más usadas; elige otra');
  });

  it.each(['       a1', 'aaaaaaa1', '1111111a', 'abababab1'])(
    'refuses %j for repeating the same few characters',
    (password) => {
      expect(commonPasswordReason(password)).toBe(
        'La contraseña repite demasiado los mismos caracteres',
      );
    },
  );

  it.each(['Secreta123', 'Trigal-Azul-42', 'Clave.Segura9', 'correcto caballo batería grapa'])(
    'accepts %j',
    (password) => {
      expect(commonPasswordReason(password)).toBeNull();
    },
  );
});

describe('personalPasswordReason', () => {
  it('refuses the name, the last name or the e-mail’s name, ignoring case and accents', () => {
    for (const password of ['AnaCancha9', 'perez2024x', 'RIOS-del-club1', 'x-ana.perez-7']) {
      expect(personalPasswordReason(password, ana), password).toBe(
        'La contraseña no puede contener tu nombre ni tu correo',
      );
    }
  });

  it('ignores words shorter than three letters and accepts the rest', () => {
    expect(personalPasswordReason('Trigal-Azul-42', { name: 'Al', lastname: 'Li' })).toBeNull();
    expect(personalPasswordReason('Trigal-Azul-42', ana)).toBeNull();
  });
});

describe('weakPasswordReason and passwordStrength', () => {
  it('gives the common reason first, then the personal one', () => {
    expect(weakPasswordReason('password1', ana)).toBe(
      'Esa contraseña es de las más usadas; elige otra',
    );
    expect(weakPasswordReason('AnaCancha9', ana)).toBe(
      'La contraseña no puede contener tu nombre ni tu correo',
    );
  });

  it('scores 0 for what is refused and grows with length and variety', () => {
    expect(passwordStrength('password1')).toBe(0);
    expect(passwordStrength('AnaCancha9', ana)).toBe(0);
    expect(passwordStrength('corta1')).toBe(0);
    expect(passwordStrength('trigalazul42')).toBe(2);
    expect(passwordStrength('Trigal-Azul-42')).toBe(3);
    expect(passwordStrength('Trigal-Azul-42-Cancha')).toBe(4);
  });
});
