/**
 * The ad settings the web app runs with, from the operator's settings (server/env.ts): which
 * provider fills the slots and breaks, the midgame rules, and AdSense's public ids. Read once:
 * settings change only with a restart.
 */
import type { AdNetworkSources, AdSettings } from '../../../shared/ads';
import { AD_NETWORK_SOURCES } from '../../../shared/ads';
import type { Env } from '../../env';
import { shareAnswer } from '../games/shared-answer';

type AdEnv = Pick<Env, 'AD_PROVIDER' | 'ADSENSE_PUBLISHER_ID' | 'ADSENSE_SLOTS' | 'ADSENSE_SCRIPT_URL' | 'AD_MIDGAME_FIRST_SECONDS' | 'AD_MIDGAME_GAP_SECONDS'>;

const answers = new WeakMap<object, AdSettings>();

/** The settings, one shared answer per process (a page rendered with them is kept like a catalog answer). */
export function adSettingsOf(env: AdEnv): AdSettings {
  const known = answers.get(env);
  if (known) return known;
  const settings: AdSettings = {
    provider: env.AD_PROVIDER,
    midgameFirstSeconds: env.AD_MIDGAME_FIRST_SECONDS,
    midgameGapSeconds: env.AD_MIDGAME_GAP_SECONDS,
    adsense:
      env.AD_PROVIDER === 'adsense' && env.ADSENSE_PUBLISHER_ID
        ? { publisherId: env.ADSENSE_PUBLISHER_ID, scriptUrl: env.ADSENSE_SCRIPT_URL, slots: env.ADSENSE_SLOTS }
        : null,
  };
  answers.set(env, shareAnswer(settings, Number.POSITIVE_INFINITY));
  return settings;
}

/** The sources the pages' CSP adds for the chosen network: none for `none` and `house`. */
export function adSourcesOf(env: AdEnv): AdNetworkSources {
  const sources = AD_NETWORK_SOURCES[env.AD_PROVIDER];
  if (env.AD_PROVIDER !== 'adsense') return sources;
  // A script URL moved off Google's host (a proxy of the operator's) is allowed too.
  const scriptOrigin = new URL(env.ADSENSE_SCRIPT_URL).origin;
  return sources.script.includes(scriptOrigin) ? sources : { ...sources, script: [...sources.script, scriptOrigin] };
}
