import { Drawer } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import type { DevGame } from '../../../shared/schemas';
import { useIntl } from '../../i18n';
import { useUpdateSearchParams } from '../useUpdateSearchParams';
import { GameBuilds } from './GameBuilds';

/** A game's builds (issue #24), over My Games; its id is in the address (?builds=12), so Back closes it and a reload keeps it. */
export function BuildsDrawer({ games }: { games: DevGame[] | undefined }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const id = Number(params.get('builds'));
  const game = games?.find((entry) => entry.id === id);
  const close = () => updateParams((next) => next.delete('builds'));
  return (
    <Drawer
      opened={Boolean(game)}
      onClose={close}
      position="right"
      size="min(100%, 760px)"
      title={game ? intl.formatMessage({ id: 'developer.portal.buildsOf', defaultMessage: 'Builds of {title}' }, { title: game.title }) : ''}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {game && <GameBuilds key={game.id} game={game} />}
    </Drawer>
  );
}
