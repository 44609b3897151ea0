import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from '../App';
import { BuildChecks } from '../features/developer/BuildChecks';
import { DeveloperPage } from '../pages/Developer.page';
import { createQueryClient } from '../trpc';
import { loadMessages } from './catalogs';
import { DeveloperMessages } from './DeveloperMessages';
import type { Locale } from './locales';
import type { BuildChecks as Checks } from '../../shared/schemas';

/** App with its children passed as createElement's own argument. */
const AppAround = App as (props: Omit<Parameters<typeof App>[0], 'children'>) => ReturnType<typeof App>;

/** The markup of `element` as the app renders it in `locale`, once every suspended part (a catalog's load) has come. */
async function render(locale: Locale, element: React.ReactElement): Promise<string> {
  const router = createElement(StaticRouter, { location: '/' }, element);
  const app = createElement(AppAround, { queryClient: createQueryClient(), locale, messages: await loadMessages(locale) }, router);
  const { prelude } = await prerenderToNodeStream(app);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const checks: Checks = {
  verdict: 'warn',
  seconds: 4,
  browser: true,
  offline: true,
  loaded: [],
  items: [
    { id: 'size', title: 'Size', verdict: 'pass', measured: '1 MB', limit: '300 MB', advice: null, details: [] },
    { id: 'starts', title: 'Starts', verdict: 'warn', measured: '9 s', limit: '5 s', advice: 'Start sooner', details: ['a', 'b', 'c'] },
    { id: 'errors', title: 'Errors', verdict: 'warn', measured: '2', limit: '0', advice: 'Fix them', details: ['d'] },
  ],
} as Checks;

describe('the developer portal in French', () => {
  it('shows its heading and pitch in French, from the developer catalog loaded on opening', async () => {
    const html = await render('fr', createElement(DeveloperPage));
    expect(html).toContain('Portail développeurs');
    expect(html).toContain('Propose ton jeu HTML5 à des millions de joueurs');
    expect(html).not.toContain('Bring your HTML5 game');
  });

  it('counts with French plurals', async () => {
    const html = await render('fr', createElement(DeveloperMessages, null, createElement(BuildChecks, { checks })));
    expect(html).toContain('2 avertissements');
    expect(html).toContain('Afficher 3 détails');
    expect(html).toContain('Afficher 1 détail<');
    expect(html).toContain('Vérifications automatiques');
  });

  it('stays in English, its defaults, with no catalog to load', async () => {
    const html = await render('en', createElement(DeveloperMessages, null, createElement(BuildChecks, { checks })));
    expect(html).toContain('2 warnings');
    expect(html).toContain('Show 3 details');
  });
});
