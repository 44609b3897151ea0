import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import es from '../../i18n/locales/es.json';
import { formatPlayMinutes } from './minutes-text';

describe('formatPlayMinutes', () => {
  it('says whole minutes in words, in English by default', () => {
    const intl = createIntl({ locale: 'en', messages: {} });
    expect(formatPlayMinutes(intl, 30_000)).toBe('less than a minute');
    expect(formatPlayMinutes(intl, 60_000)).toBe('1 minute');
    expect(formatPlayMinutes(intl, 5 * 60_000 + 59_000)).toBe('5 minutes');
  });

  it('and in the page language', () => {
    const intl = createIntl({ locale: 'es', messages: es });
    expect(formatPlayMinutes(intl, 30_000)).toBe('menos de un minuto');
    expect(formatPlayMinutes(intl, 120_000)).toBe('2 minutos');
  });
});
