import dayjs from 'dayjs';
import 'dayjs/locale/es';

/*
 * Dates in Spanish everywhere dayjs formats them. dayjs has no es-CO locale; `es` has the
 * same month and day names. Imported once by src/main.tsx.
 */
dayjs.locale('es');

export { dayjs };
