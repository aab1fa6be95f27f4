import { describe, expect, it } from 'vitest';
import { playerImportExtraAliases } from '../../contract/player-imports.aliases';
import {
  type PlayerImportField,
  playerImportColumns,
  playerImportFields,
} from '../../contract/player-imports.columns';
import {
  detectPlayerImportMapping,
  normalizeHeader,
} from '../../server/features/player-imports/player-imports.headers';

/*
 * Issue #34 item 4: the headers clubs really write map themselves (guardian columns
 * included), and a club's remembered choices win over the aliases.
 */

describe('detectPlayerImportMapping', () => {
  it('never gives one spelling to two fields', () => {
    const owner = new Map<string, PlayerImportField>();
    for (const field of playerImportFields) {
      const column = playerImportColumns[field];
      const extra = playerImportExtraAliases[field] ?? [];
      for (const name of [column.header, ...column.aliases, ...extra]) {
        const key = normalizeHeader(name);
        expect(owner.get(key) ?? field, `${name} (${field})`).toBe(field);
        owner.set(key, field);
      }
    }
  });

  it('maps a school-style sheet with a guardian block', () => {
    const headers = [
      'N°',
      'NOMBRES',
      'APELLIDOS',
      'T.I.',
      'F. nacimiento',
      'Sexo',
      'Nombre acudiente',
      'Celular acudiente',
      'Email acudiente',
      'Parentesco',
      'Documento acudiente',
      'Observaciones',
    ];
    expect(detectPlayerImportMapping(headers)).toEqual({
      name: 'NOMBRES',
      lastname: 'APELLIDOS',
      document_number: 'T.I.',
      birth_date: 'F. nacimiento',
      gender: 'Sexo',
      guardian_name: 'Nombre acudiente',
      guardian_phone: 'Celular acudiente',
      guardian_email: 'Email acudiente',
      guardian_relationship: 'Parentesco',
    });
  });

  it('maps parents’ columns and the player’s own phone and jersey', () => {
    const headers = [
      'Nombre del jugador',
      'Apellidos del jugador',
      'Tipo doc',
      'Número de documento',
      'Fecha de nacimiento',
      'Género',
      'Celular',
      'Dorsal',
      'Padre/Madre',
      'Teléfono padre/madre',
      'E-mail del padre',
      'WhatsApp acudiente',
    ];
    expect(detectPlayerImportMapping(headers)).toEqual({
      name: 'Nombre del jugador',
      lastname: 'Apellidos del jugador',
      document_type: 'Tipo doc',
      document_number: 'Número de documento',
      birth_date: 'Fecha de nacimiento',
      gender: 'Género',
      phone: 'Celular',
      jersey_number: 'Dorsal',
      guardian_name: 'Padre/Madre',
      // The first guardian phone column in the aliases' order; the other stays for the person.
      guardian_phone: 'WhatsApp acudiente',
      guardian_email: 'E-mail del padre',
    });
  });

  it('reads Padre, Madre, Responsable and Tutor as the guardian, the first one present winning', () => {
    expect(detectPlayerImportMapping(['Madre', 'Padre']).guardian_name).toBe('Padre');
    expect(detectPlayerImportMapping(['Responsable']).guardian_name).toBe('Responsable');
    expect(detectPlayerImportMapping(['Tutor']).guardian_name).toBe('Tutor');
    expect(detectPlayerImportMapping(['Cédula acudiente', 'Cédula'])).toEqual({
      document_number: 'Cédula',
    });
  });

  it('lets the club’s remembered choices win, ignoring headers the file lacks', () => {
    const headers = ['Nombre', 'Apellido', 'Celular', 'Cel. mamá', 'Dorsal'];
    const remembered = {
      celmama: 'guardian_phone',
      celular: null,
      dorsal: 'position',
      camisa: 'jersey_number',
    } as const;
    expect(detectPlayerImportMapping(headers, remembered)).toEqual({
      name: 'Nombre',
      lastname: 'Apellido',
      guardian_phone: 'Cel. mamá',
      position: 'Dorsal',
    });
  });
});
