import { defineMessages } from '../../../i18n';
import type { KidProfileView } from '../../../../shared/schemas';
import { trpc } from '../../../trpc';

/** Texts several of the parent's cards share (the ids are the device-side dialogs' where the words are the same). */
export const familyMessages = defineMessages({
  tryAgain: { id: 'family.tryAgain', defaultMessage: 'Please try again.' },
  dailyMinutes: { id: 'parentDialogs.budgetLabel', defaultMessage: 'Daily play time (minutes)' },
  noLimit: { id: 'parentDialogs.noLimit', defaultMessage: 'No limit' },
  save: { id: 'parentDialogs.save', defaultMessage: 'Save' },
  cancel: { id: 'parentDialogs.cancel', defaultMessage: 'Cancel' },
  title: { id: 'family.title', defaultMessage: 'Kids Zone for parents' },
});

/** The time zone of this phone: the first PIN sets the family's to it (days and bedtimes count in it). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Puts a profile the server answered into the family's cached answer, so the screen shows it at once. */
export function useShowProfile() {
  const utils = trpc.useUtils();
  return (updated: KidProfileView) =>
    utils.family.get.setData(undefined, (family) => family && { ...family, profiles: family.profiles.map((profile) => (profile.id === updated.id ? updated : profile)) });
}
