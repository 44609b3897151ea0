/**
 * Google AdSense: display units fill the slots, and the H5 Games Ads Ad Placement API
 * (`adBreak` / `adConfig`) shows the breaks. Both come from one script (ADSENSE_SCRIPT_URL),
 * loaded once the first slot or break asks. A refusal of personalised ads, the Kids Zone and a
 * child's profile get non-personalised ads (`requestNonPersonalizedAds`, set before each request).
 */
import { useEffect, useRef, useState } from 'react';
import type { AdSettings } from '../../../../shared/ads';
import { AD_SLOT_SIZES } from '../../../../shared/ads';
import type { AdProvider, BreakOutcome, BreakProps, SlotProps } from './types';
import classes from './house.module.css';

type PlacementInfo = { breakStatus?: string };
type AdBreakOptions = {
  type: 'next' | 'reward';
  name: string;
  beforeAd?: () => void;
  afterAd?: () => void;
  beforeReward?: (showAdFn: () => void) => void;
  adDismissed?: () => void;
  adViewed?: () => void;
  adBreakDone?: (placementInfo: PlacementInfo) => void;
};
type AdsByGoogle = { push: (unit: object) => void; requestNonPersonalizedAds?: 0 | 1 };
declare global {
  interface Window {
    adsbygoogle?: AdsByGoogle | object[];
    adBreak?: (options: AdBreakOptions) => void;
    adConfig?: (options: object) => void;
  }
}

let loading: Promise<void> | null = null;

/** The page's queue: adsbygoogle.js's own once it ran, the array it will read until then. */
const adsQueue = () => (window.adsbygoogle ??= []) as AdsByGoogle;

/**
 * Asks for an ad (a unit's `{}` or a break's options). adsbygoogle.js reads
 * requestNonPersonalizedAds when a request is pushed, and once loaded it fills a unit at its push:
 * the flag is set right before every request, as this visitor chose it now (a choice changed on
 * an earlier page of this app, or a child's page beside an adult's, would otherwise leak).
 */
function requestAd(request: object, personalised: boolean): void {
  const queue = adsQueue();
  queue.requestNonPersonalizedAds = personalised ? 0 : 1;
  queue.push(request);
}

/** Loads adsbygoogle.js once (a page of this app loads it for every later one). */
function loadAdSense(settings: NonNullable<AdSettings['adsense']>): Promise<void> {
  adsQueue();
  window.adBreak ??= (options) => adsQueue().push(options);
  window.adConfig ??= (options) => adsQueue().push(options);
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    const url = new URL(settings.scriptUrl);
    url.searchParams.set('client', settings.publisherId);
    script.src = url.href;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.dataset.adClient = settings.publisherId;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading = null;
      reject(new Error('adsbygoogle.js did not load'));
    });
    document.head.append(script);
    window.adConfig?.({ preloadAdBreaks: 'on', sound: 'on' });
  });
  return loading;
}

function AdSenseSlot({ settings, place, desktop, personalised, onFilled }: SlotProps) {
  // In state, so the effects below follow the unit when a consent change replaces it.
  const [unit, setUnit] = useState<HTMLModElement | null>(null);
  const adsense = settings.adsense;
  const slotId = adsense?.slots[place];
  useEffect(() => {
    if (!adsense || !slotId || !unit || unit.dataset.adsbygoogleStatus) return;
    // Queued at once: adsbygoogle.js fills the queued units when it arrives.
    requestAd({}, personalised);
    loadAdSense(adsense).catch(() => undefined);
  }, [adsense, slotId, personalised, unit]);
  // adsbygoogle.js marks the unit data-ad-status="filled" or "unfilled" once it knows.
  const rendered = Boolean(adsense && slotId);
  useEffect(() => {
    const element = unit;
    if (!rendered || !element) return;
    const isFilled = () => element.getAttribute('data-ad-status') === 'filled';
    if (isFilled()) return onFilled();
    const observer = new MutationObserver(() => {
      if (!isFilled()) return;
      observer.disconnect();
      onFilled();
    });
    observer.observe(element, { attributes: true, attributeFilter: ['data-ad-status'] });
    return () => observer.disconnect();
  }, [rendered, onFilled, unit]);
  if (!adsense || !slotId) return null;
  const size = desktop ? AD_SLOT_SIZES.desktop : AD_SLOT_SIZES.phone;
  return (
    // A filled unit keeps the ad it was given: when the visitor changes their choice, a new unit
    // (a new key) is asked for with it, so the ad on screen follows the choice at once.
    <ins
      key={personalised ? 'personalised' : 'non-personalised'}
      ref={setUnit}
      className="adsbygoogle"
      style={{ display: 'inline-block', width: size.width, height: size.height }}
      data-ad-client={adsense.publisherId}
      data-ad-slot={slotId}
      data-testid="adsense-unit"
    />
  );
}

/**
 * Google answers every adBreak() with adBreakDone, its own 'timeout' included, and starts a ready
 * ad at once. A script that never answers (an ad blocker's surrogate of adsbygoogle.js whose push()
 * only queues, as uBlock Origin's does) would keep the game paused behind the break for good: a
 * break the API has not started (beforeReward or beforeAd) this soon ends unfilled, and whatever
 * comes later for it is ignored.
 */
const ADSENSE_BREAK_START_MS = 10_000;

function AdSenseBreak({ settings, kind, personalised, onShown, onDone }: BreakProps) {
  const started = useRef(false);
  useEffect(() => {
    const adsense = settings.adsense;
    if (started.current) return;
    started.current = true;
    if (!adsense) return onDone({ shown: false, rewarded: false });
    let shown = false;
    let rewarded = false;
    let ended = false;
    let watchdog: number | undefined;
    const end = (outcome: BreakOutcome) => {
      if (ended) return;
      ended = true;
      window.clearTimeout(watchdog);
      onDone(outcome);
    };
    const unfilled = () => end({ shown: false, rewarded: false });
    loadAdSense(adsense).then(() => {
      watchdog = window.setTimeout(unfilled, ADSENSE_BREAK_START_MS);
      try {
        requestAd({
          type: kind === 'rewarded' ? 'reward' : 'next',
          name: kind,
          beforeAd: () => {
            if (ended) return;
            window.clearTimeout(watchdog);
            shown = true;
            onShown();
          },
          beforeReward: (showAdFn) => {
            if (ended) return;
            window.clearTimeout(watchdog);
            showAdFn();
          },
          adViewed: () => {
            rewarded = true;
          },
          adDismissed: () => {
            rewarded = false;
          },
          adBreakDone: () => end({ shown, rewarded: kind === 'rewarded' && rewarded }),
        } satisfies AdBreakOptions, personalised);
      } catch {
        // The queue refused the placement: nothing will answer it.
        unfilled();
      }
    }, unfilled);
  }, [settings, kind, personalised, onShown, onDone]);
  // Google's ad covers the page; the frame stays dimmed behind it until the break is done.
  return <div className={classes.break} data-testid="ad-break" data-kind={kind} />;
}

export const adsenseProvider: AdProvider = { Slot: AdSenseSlot, Break: AdSenseBreak };
