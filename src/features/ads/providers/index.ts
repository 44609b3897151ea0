/** The ad providers by name (AD_PROVIDER); this module is its own chunk, loaded once the page is idle. */
import type { AdProviderName } from '../../../../shared/ads';
import { adsenseProvider } from './adsense';
import { houseProvider } from './house';
import type { AdProvider } from './types';

export const adProviders: Record<Exclude<AdProviderName, 'none'>, AdProvider> = {
  house: houseProvider,
  adsense: adsenseProvider,
};
