import dayjs from 'dayjs';
import 'dayjs/locale/es';

/*
 * Dates in Spanish everywhere dayjs formats them. dayjs has no es-CO locale; `es` has the
 * same month and day names. Screens that format dates import dayjs from here and the date
 * pickers' provider imports this file, so the locale is set wherever dates are shown while
 * dayjs stays out of the first load.
 */
dayjs.locale('es');

export { dayjs };
