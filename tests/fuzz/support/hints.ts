/*
 * What a plain string field holds, guessed from its name: the document gives most dates,
 * e-mails and phones as bare strings, so a valid request needs the name to get past the
 * contract to the handler.
 */
const HINTS: readonly [RegExp, readonly string[]][] = [
  [/email/, ['ana.fuzz@prueba.test', 'ANA.Fuzz+1@Prueba.test']],
  [/phone|whatsapp/, ['3001234567', '+57 300 123 4567']],
  [/_at$|^until$/, ['2026-03-10T15:00:00.000Z', '2026-03-12T18:00:00-05:00']],
  [/period|month$/, ['2026-03', '2026-02']],
  [/date|birthday|^from$|^to$|_on$|valid_/, ['2026-03-10', '2010-05-17', '2026-12-31']],
  [/color/, ['#1e88e5']],
  [/password/, ['Secreta123', 'OtraClave456']],
  [/^country$/, ['CO']],
  [/slug/, ['ayuda-pagos', 'terminos', 'about']],
  [/^sort$/, ['name', '-name', 'created_at', '-created_at']],
  [/^role$|type_?user/, ['owner', 'trainer', 'player_adult', 'guardian']],
  [/document_number|^number$/, ['1020304050']],
  [
    /name|title|lastname|concept|reason|note|message|subject|location|^q$/,
    ['María José', 'Sub-12'],
  ],
];

/** Sample values for a string field named `key`, or undefined when its name says nothing. */
export function hintsFor(key: string | undefined): readonly string[] | undefined {
  if (!key) return undefined;
  return HINTS.find(([pattern]) => pattern.test(key))?.[1];
}
