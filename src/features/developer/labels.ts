import type { AgeRating, PlayType } from '../../../shared/constants';

export const ageRatingOptions: { value: AgeRating; label: string }[] = [
  { value: 'KIDS', label: 'KIDS – ages 3-6' },
  { value: 'E7', label: 'E7+ – everyone 7 and up' },
  { value: 'E13', label: 'E13+ – teens' },
  { value: 'E16', label: 'E16+ – mature' },
  { value: 'E18', label: 'E18+ – adults only' },
];

export const playTypeOptions: { value: PlayType; label: string }[] = [
  { value: 'IFRAME', label: 'IFRAME – hosted page' },
  { value: 'CANVAS', label: 'CANVAS – HTML5 canvas' },
];
