/**
 * The web app manifest in each language (issue #59): `/fr/manifest.webmanifest` and the like, linked
 * from that language's pages, so an app installed from a French page is named, described and
 * started in French (`/fr/`), its shortcuts going to the French pages. English is the build's own
 * `/manifest.webmanifest` (src/pwa/manifest.ts), whose texts are this catalog's English ones. The
 * app's `id` stays `/` in every language: one installed app, whichever page it was installed from.
 */
import type { FastifyInstance } from 'fastify';
import { webManifest } from '../../src/pwa/manifest';
import { localizedPath } from '../../src/i18n/addresses';
import { directionOf, LOCALES, type Locale } from '../../src/i18n/locales';
import { translate } from '../i18n/translate';
import type { MessageId } from '../i18n/messages';

export const MANIFEST_PATH = '/manifest.webmanifest';

/** Each shortcut's texts, by its English address. */
const SHORTCUT_TEXTS: Record<string, { name: MessageId; shortName: MessageId; description: MessageId }> = {
  '/kids': { name: 'manifest.kidsName', shortName: 'manifest.kidsShortName', description: 'manifest.kidsDescription' },
  '/new': { name: 'manifest.newName', shortName: 'manifest.newShortName', description: 'manifest.newDescription' },
  '/trending': { name: 'manifest.trendingName', shortName: 'manifest.trendingShortName', description: 'manifest.trendingDescription' },
};
const SCREENSHOT_LABELS: Record<string, MessageId> = { narrow: 'manifest.screenshotPhone', wide: 'manifest.screenshotDesktop' };

/** The manifest as a page in `locale` links it. */
export function localizedManifest(locale: Locale): typeof webManifest {
  const say = (id: MessageId) => translate(locale, id);
  return {
    ...webManifest,
    name: say('manifest.name'),
    description: say('manifest.description'),
    lang: locale,
    dir: directionOf(locale),
    start_url: localizedPath(locale, '/'),
    screenshots: webManifest.screenshots?.map((shot) => ({ ...shot, label: shot.form_factor ? say(SCREENSHOT_LABELS[shot.form_factor]!) : shot.label })),
    shortcuts: webManifest.shortcuts?.map((shortcut) => {
      const texts = SHORTCUT_TEXTS[shortcut.url];
      if (!texts) throw new Error(`the manifest's shortcut to ${shortcut.url} has no texts in server/web/manifest.ts`);
      return { ...shortcut, name: say(texts.name), short_name: say(texts.shortName), description: say(texts.description), url: localizedPath(locale, shortcut.url) };
    }),
  };
}

/** Where a page in `locale` links its manifest. */
export function manifestHrefOf(locale: Locale): string {
  return localizedPath(locale, MANIFEST_PATH);
}

/** Serves every other language's manifest, made once. */
export function registerLocalizedManifests(app: FastifyInstance): void {
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    const body = JSON.stringify(localizedManifest(locale));
    app.get(manifestHrefOf(locale), (_request, reply) => {
      // As the English one is served: revalidated, since a new release may change it.
      void reply.type('application/manifest+json').header('Cache-Control', 'no-cache').send(body);
    });
  }
}
