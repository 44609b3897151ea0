/**
 * The house provider (the default): every slot and break shows one of the portal's own games
 * from the catalogue, never the one being played and never one rated above the page's audience,
 * so a fresh portal has no empty ad box. A break is a full-frame card with a Skip after a few
 * seconds; a rewarded break rewards once those seconds have passed.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, Stack, Text } from '@mantine/core';
import { HOUSE_BREAK_SKIP_SECONDS, isRatedFor } from '../../../../shared/ads';
import type { AgeRating } from '../../../../shared/constants';
import { FormattedMessage } from '../../../i18n';
import { trpc } from '../../../trpc';
import type { AdProvider, BreakProps, SlotProps } from './types';
import classes from './house.module.css';

/** The popular list's first page: the same answer the home page and lists load (shared by the server's cache). */
const POOL_INPUT = { sort: 'popular' as const };

/** One game of the pool for this audience, not `excludeGameId`; the same for the slot's life. */
function useHouseGame(audience: AgeRating, excludeGameId: number | null) {
  const pool = trpc.games.list.useQuery(POOL_INPUT, { staleTime: 5 * 60_000 });
  const [pick] = useState(() => Math.random());
  const candidates = (pool.data ?? []).filter((game) => game.id !== excludeGameId && game.srcUrl && isRatedFor(game.ageRating, audience));
  return candidates.length > 0 ? candidates[Math.floor(pick * candidates.length)]! : null;
}

/**
 * The title's sizes, largest first: a long title ("Engine emscripten-threads 1732764898123") gets
 * smaller letters and more lines rather than being cut, in the banner's some 100 x 67 px on a
 * phone; the catalog's longest (80 characters) also takes room from a smaller thumbnail.
 */
const TITLE_STEPS = [
  { fz: 16, lines: 2, compact: false },
  { fz: 14, lines: 3, compact: false },
  { fz: 12, lines: 4, compact: false },
  { fz: 12, lines: 4, compact: true },
  { fz: 10, lines: 5, compact: true },
] as const;

/** The first step at which `title` is whole in its box (measured before paint); the last one otherwise. */
function useFittedTitle(title: string) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [fit, setFit] = useState({ title, step: 0 });
  const step = fit.title === title ? fit.step : 0;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || step === TITLE_STEPS.length - 1) return;
    if (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth) setFit({ title, step: step + 1 });
  }, [title, step]);
  return [ref, TITLE_STEPS[step]!] as const;
}

function HouseSlot({ audience, excludeGameId, desktop, onFilled }: SlotProps) {
  const game = useHouseGame(audience, excludeGameId);
  const [titleRef, titleFit] = useFittedTitle(game?.title ?? '');
  const shown = game !== null;
  useEffect(() => {
    if (shown) onFilled();
  }, [shown, onFilled]);
  if (!game) return null;
  return (
    <Link to={`/games/${game.slug}`} className={classes.slot} data-desktop={desktop || undefined} data-compact={titleFit.compact || undefined} data-testid="house-ad">
      {game.thumbUrl && <img src={game.thumbUrl} alt="" className={classes.thumb} loading="lazy" decoding="async" />}
      <Stack gap={2} className={classes.text}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          <FormattedMessage id="ad.house.from" defaultMessage="Also on PlayFree" />
        </Text>
        {/* Wrapped and sized to fit, never cut to "Merg…"; the clamp only bounds the box it is measured in. */}
        <Text ref={titleRef} fw={700} fz={titleFit.fz} lh={1.25} lineClamp={titleFit.lines} className={classes.title} title={game.title}>
          {game.title}
        </Text>
      </Stack>
      <Button component="span" size="xs" radius="xl" color="violet" className={classes.play}>
        <FormattedMessage id="ad.house.play" defaultMessage="Play" />
      </Button>
    </Link>
  );
}

function HouseBreak({ kind, audience, excludeGameId, onShown, onDone }: BreakProps) {
  const game = useHouseGame(audience, excludeGameId);
  const [left, setLeft] = useState(HOUSE_BREAK_SKIP_SECONDS);
  const [shown, setShown] = useState(false);
  const loaded = game !== null;
  useEffect(() => {
    if (!loaded) return;
    setShown(true);
    onShown();
    const timer = window.setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => window.clearInterval(timer);
    // onShown is called once, when the card first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  if (!game) return null;
  const done = left === 0;
  return (
    <div className={classes.break} role="dialog" aria-modal="true" aria-label={game.title} data-testid="ad-break" data-kind={kind}>
      <Text size="xs" c="gray.4" tt="uppercase" fw={600}>
        <FormattedMessage id="ad.label" defaultMessage="Advertisement" />
      </Text>
      {game.thumbUrl && <img src={game.thumbUrl} alt="" className={classes.breakThumb} />}
      <Text fw={800} size="xl" c="white" ta="center">
        {game.title}
      </Text>
      <Group gap="sm" justify="center">
        <Button component={Link} to={`/games/${game.slug}`} radius="xl" color="violet" onClick={() => onDone({ shown, rewarded: false })}>
          <FormattedMessage id="ad.house.play" defaultMessage="Play" />
        </Button>
        {kind === 'rewarded' && !done && (
          <Button variant="default" radius="xl" onClick={() => onDone({ shown, rewarded: false })}>
            <FormattedMessage id="ad.break.noReward" defaultMessage="No thanks" />
          </Button>
        )}
        {done ? (
          <Button variant="white" color="dark" radius="xl" onClick={() => onDone({ shown, rewarded: kind === 'rewarded' })} data-autofocus>
            {kind === 'rewarded' ? (
              <FormattedMessage id="ad.break.reward" defaultMessage="Collect reward" />
            ) : (
              <FormattedMessage id="ad.break.skip" defaultMessage="Skip" />
            )}
          </Button>
        ) : (
          <Text size="sm" c="gray.4" aria-live="polite">
            <FormattedMessage id="ad.break.skipIn" defaultMessage="Skip in {seconds}" values={{ seconds: left }} />
          </Text>
        )}
      </Group>
    </div>
  );
}

export const houseProvider: AdProvider = { Slot: HouseSlot, Break: HouseBreak };
