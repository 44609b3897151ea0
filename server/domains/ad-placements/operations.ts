import { z } from 'zod';
import { AD_PLACES, AD_PROVIDERS } from '../../../shared/ads';
import { noInput } from '../../../shared/schemas';
import { defineOperation } from '../operation';
import { adSettingsOf } from './settings';

const adSettingsOutput = z.object({
  provider: z.enum(AD_PROVIDERS),
  midgameFirstSeconds: z.number().int(),
  midgameGapSeconds: z.number().int(),
  adsense: z
    .object({
      publisherId: z.string(),
      scriptUrl: z.string(),
      slots: z.partialRecord(z.enum(AD_PLACES), z.string()),
    })
    .nullable(),
});

export const adPlacementsOperations = {
  settings: defineOperation({
    method: 'GET',
    path: '/ads/settings',
    access: 'public',
    summary: 'Who fills the ad slots and breaks (none, house or adsense), the midgame break limits in seconds, and AdSense’s public publisher and slot ids',
    tags: ['ads'],
    input: noInput,
    output: adSettingsOutput,
    run: async ({ ctx }) => adSettingsOf(ctx.services.env),
  }),
};
