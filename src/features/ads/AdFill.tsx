/** What fills an ad slot once the page is idle: the provider's unit, counted once viewable. Its own chunk. */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { AD_DESKTOP_MIN_WIDTH_PX, type AdPlace, type AdSettings } from '../../../shared/ads';
import type { AgeRating } from '../../../shared/constants';
import { trpc } from '../../trpc';
import { reportImpression, watchViewable } from './impressions';
import { adProviders } from './providers';

export type AdFillProps = {
  box: RefObject<HTMLElement | null>;
  place: AdPlace;
  gameId: number | null;
  audience: AgeRating;
  settings: AdSettings;
  personalised: boolean;
};

export function AdFill({ box, place, gameId, audience, settings, personalised }: AdFillProps) {
  const utils = trpc.useUtils();
  // An empty slot (a network with no ad for it) is no impression, however long it is on screen.
  const [filled, setFilled] = useState(false);
  const onFilled = useCallback(() => setFilled(true), []);
  useEffect(() => {
    const element = box.current;
    if (!element || !filled) return;
    return watchViewable(element, () => reportImpression(utils.client, { kind: 'slot', place, gameId }));
  }, [box, place, gameId, utils, filled]);
  if (settings.provider === 'none') return null;
  const { Slot } = adProviders[settings.provider];
  const desktop = window.matchMedia(`(min-width: ${AD_DESKTOP_MIN_WIDTH_PX}px)`).matches;
  return <Slot settings={settings} place={place} desktop={desktop} audience={audience} excludeGameId={gameId} personalised={personalised} onFilled={onFilled} />;
}
