import type { AgeRating, PlayType } from '../../../shared/constants';
import type { IntlShape } from '../../i18n';

export function ageRatingOptions(intl: IntlShape): { value: AgeRating; label: string }[] {
  return [
    { value: 'KIDS', label: intl.formatMessage({ id: 'developer.ageRating.kids', defaultMessage: 'KIDS – ages 3-6' }) },
    { value: 'E7', label: intl.formatMessage({ id: 'developer.ageRating.e7', defaultMessage: 'E7+ – everyone 7 and up' }) },
    { value: 'E13', label: intl.formatMessage({ id: 'developer.ageRating.e13', defaultMessage: 'E13+ – teens' }) },
    { value: 'E16', label: intl.formatMessage({ id: 'developer.ageRating.e16', defaultMessage: 'E16+ – mature' }) },
    { value: 'E18', label: intl.formatMessage({ id: 'developer.ageRating.e18', defaultMessage: 'E18+ – adults only' }) },
  ];
}

/** What the game is built as, in words a newcomer knows (the spec's IFRAME and CANVAS). */
export function playTypeOptions(intl: IntlShape): { value: PlayType; label: string }[] {
  return [
    { value: 'IFRAME', label: intl.formatMessage({ id: 'developer.playType.iframeOption', defaultMessage: 'A web page (HTML, scripts, images)' }) },
    { value: 'CANVAS', label: intl.formatMessage({ id: 'developer.playType.canvasOption', defaultMessage: 'One HTML5 canvas' }) },
  ];
}

/** A play type as the reviewer reads it. */
export function playTypeLabel(intl: IntlShape, playType: PlayType): string {
  return playType === 'CANVAS'
    ? intl.formatMessage({ id: 'admin.playType.canvas', defaultMessage: 'HTML5 canvas' })
    : intl.formatMessage({ id: 'admin.playType.iframe', defaultMessage: 'Web page' });
}
