import { useMemo } from 'react';
import { useLocale } from '../../i18n';
import { trpc } from '../../trpc';

type Listed = { id: number; title: string; description: string; instructions?: string | null };

/**
 * A game as players of the page's language read it (issue #59): the title, description and
 * instructions its developer translated into that language, else the original. English readers
 * get the original as it came, and ask for nothing.
 */
export function useListing<T extends Listed>(game: T): T {
  const { locale } = useLocale();
  const translated = trpc.translations.listing.useQuery({ id: game.id, locale }, { enabled: locale !== 'en' }).data?.listing;
  return useMemo(() => {
    if (!translated) return game;
    return { ...game, title: translated.title, description: translated.description, ...('instructions' in game ? { instructions: translated.instructions ?? game.instructions } : {}) };
  }, [game, translated]);
}
