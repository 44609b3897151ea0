/**
 * The visitor's choice about personalised ads, kept on this device. Visitors from the EEA, the
 * UK and Switzerland (CONSENT_COUNTRIES, by the country the server detected) are asked before any
 * personalised ad; elsewhere personalised ads are the default. The footer's "Ad choices" asks again.
 * Only a network that personalises (AdSense) asks: the house provider uses no personal data.
 */
import { useSyncExternalStore } from 'react';
import { CONSENT_COUNTRIES } from '../../../shared/ads';
import { useVisitorCountry } from '../games/visitorCountry';
import { useAdSettings } from './useAdSettings';

export type AdConsent = 'personalised' | 'non-personalised';
const STORAGE_KEY = 'playfree-ad-consent';
const listeners = new Set<() => void>();
let askAgain = false;

function read(): AdConsent | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'personalised' || value === 'non-personalised' ? value : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => `${read() ?? ''}|${askAgain}`;

export function chooseAdConsent(choice: AdConsent): void {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice lasts as long as the page.
  }
  askAgain = false;
  for (const listener of listeners) listener();
}

/** The footer's "Ad choices": shows the prompt again. */
export function reopenAdConsent(): void {
  askAgain = true;
  for (const listener of listeners) listener();
}

export type AdConsentState = {
  /** The chosen network personalises ads: the footer offers Ad choices. */
  applies: boolean;
  /** The prompt is on screen (no choice yet from a consent country, or asked again). */
  prompt: boolean;
  /** Ads may load: a choice was made, or none is needed here. */
  decided: boolean;
  personalised: boolean;
};

export function useAdConsent(): AdConsentState {
  const settings = useAdSettings();
  const country = useVisitorCountry();
  // The server renders without the visitor's storage: undecided until the browser reads it.
  const state = useSyncExternalStore(subscribe, snapshot, () => '|false');
  const [stored, again] = state.split('|') as [AdConsent | '', string];
  const applies = settings?.provider === 'adsense';
  const asked = applies && country !== null && CONSENT_COUNTRIES.has(country);
  const choice = stored || null;
  return {
    applies,
    prompt: applies && ((asked && choice === null) || again === 'true'),
    decided: !asked || choice !== null,
    personalised: asked ? choice === 'personalised' : choice !== 'non-personalised',
  };
}
