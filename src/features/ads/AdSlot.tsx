import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { AdPlace } from '../../../shared/ads';
import { GENERAL_AUDIENCE } from '../../../shared/ads';
import type { AgeRating } from '../../../shared/constants';
import { useIntl } from '../../i18n';
import { whenIdle } from '../../when-idle';
import type { AdFillProps } from './AdFill';
import classes from './AdSlot.module.css';
import { useAdConsent } from './consent';
import { useAdSettings } from './useAdSettings';

/** The provider code waits this long at most for an idle moment after the page came alive. */
const FILL_AFTER_IDLE_MS = 3000;

/**
 * An ad slot at `place`: the spec's 728x90 on desktop, 320x100 on phones, its box reserved by
 * CSS from the first paint. The provider's code (its own chunk) loads only once the app has taken
 * the page over and the browser is idle, and fills the box; with AD_PROVIDER=none there is no box.
 * Never placed on Kids Zone pages nor inside the game frame.
 */
export function AdSlot({ place, gameId = null, audience = GENERAL_AUDIENCE }: { place: AdPlace; gameId?: number | null; audience?: AgeRating }) {
  const intl = useIntl();
  const settings = useAdSettings();
  const consent = useAdConsent();
  const box = useRef<HTMLElement>(null);
  const [Fill, setFill] = useState<ComponentType<AdFillProps> | null>(null);
  const active = settings !== undefined && settings.provider !== 'none' && consent.decided;

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    whenIdle(() => {
      void import('./AdFill').then(({ AdFill }) => {
        if (!cancelled) setFill(() => AdFill);
      });
    }, FILL_AFTER_IDLE_MS);
    return () => {
      cancelled = true;
    };
  }, [active]);

  if (settings?.provider === 'none') return null;
  return (
    <aside ref={box} className={classes.slot} aria-label={intl.formatMessage({ id: 'ad.label', defaultMessage: 'Advertisement' })} data-ad-slot={place}>
      {Fill && settings && <Fill box={box} place={place} gameId={gameId} audience={audience} settings={settings} personalised={consent.personalised} />}
    </aside>
  );
}
