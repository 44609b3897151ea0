import type { RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { AgeRating } from '../../../shared/constants';
import type { useAdBreaks } from './useAdBreaks';
import { useAdSettings } from './useAdSettings';

/** The break the provider shows, over the game's frame (inside its wrapper, never inside the frame). */
export function AdBreakLayer({ breaks, wrap, gameId, audience }: { breaks: ReturnType<typeof useAdBreaks>; wrap: RefObject<HTMLDivElement | null>; gameId: number; audience: AgeRating }) {
  const settings = useAdSettings();
  const { showing, onShown, onDone, personalised } = breaks;
  if (!showing || !settings || !wrap.current) return null;
  const { Break } = showing.provider;
  return createPortal(
    <Break key={showing.requestId} kind={showing.kind} settings={settings} audience={audience} excludeGameId={gameId} personalised={personalised} onShown={onShown} onDone={onDone} />,
    wrap.current,
  );
}
