import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { loadMessages } from '../../i18n/catalogs';
import { DeveloperMessages } from '../../i18n/DeveloperMessages';
import type { Locale } from '../../i18n/locales';
import { createQueryClient } from '../../trpc';
import { DeclaredFacts } from './DeclaredFacts';
import { ReportLine } from './Feeds';
import { QueueItemHeader } from './Queue';

const AppAround = App as (props: Omit<Parameters<typeof App>[0], 'children'>) => ReturnType<typeof App>;

/** The markup of `element` inside the developer catalog (as Admin.page loads it), in `locale`. */
async function render(locale: Locale, element: React.ReactElement): Promise<string> {
  const router = createElement(StaticRouter, { location: '/' }, createElement(DeveloperMessages, null, element));
  const app = createElement(AppAround, { queryClient: createQueryClient(), locale, messages: await loadMessages(locale) }, router);
  const { prelude } = await prerenderToNodeStream(app);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const undeclared = { title: 'Space Cats', controls: [], contentFacts: null, instructions: '' };

describe('the admin dashboard in other languages', () => {
  it("says a pending game's declared facts in French, what is missing flagged", async () => {
    const html = await render('fr', createElement(DeclaredFacts, { game: undeclared }));
    expect(html).toContain('aria-label="Déclaré par le développeur de Space Cats"');
    expect(html).toContain('Commandes :');
    expect(html).toContain('Non déclaré');
    expect(html).toContain('Aucune');
    expect(html).not.toContain('Not declared');
  });

  it("writes a queue item's date the reader's way", async () => {
    const createdAt = '2026-03-14T12:00:00.000Z';
    const html = await render('de', createElement(QueueItemHeader, { status: 'OFFEN', statusColor: 'orange', createdAt }));
    expect(html).toContain(new Intl.DateTimeFormat('de', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(createdAt)));
    expect(html).not.toContain('Mar 14, 2026');
  });

  it("counts a feed sync's report in French, in its plural forms and digits", async () => {
    const report = { added: 1, updated: 1234, unchanged: 0, unpublished: 2, refused: [{ item: 'x-1', reason: 'No title' }] };
    const html = await render('fr', createElement(ReportLine, { report }));
    expect(html).toContain('1 ajouté<');
    expect(html).toContain(`${new Intl.NumberFormat('fr').format(1234)} mis à jour`);
    expect(html).toContain('0 inchangé<');
    expect(html).toContain('2 dépubliés');
    expect(html).toContain('1 refusé<');
    expect(html).not.toContain('added');
  });

  it('keeps the English texts in English', async () => {
    const html = await render('en', createElement(DeclaredFacts, { game: undeclared }));
    expect(html).toContain('Controls:');
    expect(html).toContain('Not declared');
    expect(html).toContain('None given');
    const report = await render('en', createElement(ReportLine, { report: { added: 3, updated: 0, unchanged: 1, unpublished: 0, refused: [] } }));
    expect(report).toContain('3 added');
    expect(report).toContain('0 refused');
  });
});
