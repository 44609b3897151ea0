import type { AgeRating, PlayType } from '../../../shared/constants';

export const ageRatingOptions: { value: AgeRating; label: string }[] = [
  { value: 'KIDS', label: 'KIDS – ages 3-6' },
  { value: 'E7', label: 'E7+ – everyone 7 and up' },
  { value: 'E13', label: 'E13+ – teens' },
  { value: 'E16', label: 'E16+ – mature' },
  { value: 'E18', label: 'E18+ – adults only' },
];

/** What the game is built as, in words a newcomer knows (the spec's IFRAME and CANVAS). */
export const playTypeOptions: { value: PlayType; label: string }[] = [
  { value: 'IFRAME', label: 'A web page (HTML, scripts, images)' },
  { value: 'CANVAS', label: 'One HTML5 canvas' },
];

/** A play type as the reviewer reads it. */
export const PLAY_TYPE_LABELS: Record<PlayType, string> = { IFRAME: 'Web page', CANVAS: 'HTML5 canvas' };
