/** The days statistics are kept by, as SQL expressions: rollup days are UTC days on every server. */
import { TRENDING_WINDOW_DAYS } from '../../../shared/constants';

/** Today, as a UTC date. */
export const UTC_TODAY = `(now() at time zone 'UTC')::date`;
/** The first day of the trending window: today and the days before it, TRENDING_WINDOW_DAYS in all. */
export const TRENDING_WINDOW_START = `${UTC_TODAY} - ${TRENDING_WINDOW_DAYS - 1}`;
