import { Suspense, useState } from 'react';
import { useIntl } from '../../i18n';
import { SwitcherButton } from './SwitcherButton';
import { optionalPart } from '../Deferred/optionalPart';

const LanguageMenu = optionalPart(async () => (await import('./LanguageMenu')).LanguageMenu);

/**
 * The header's language button. Its menu's code loads on the first click, so a page's first paint
 * pays only for the button; the choice is remembered in a cookie (useLocale().switchLocale).
 */
export function LanguageSwitcher() {
  const intl = useIntl();
  const [wanted, setWanted] = useState(false);
  const label = intl.formatMessage({ id: 'languageSwitcher.label', defaultMessage: 'Language' });
  if (!wanted) return <SwitcherButton aria-label={label} title={label} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<SwitcherButton aria-label={label} title={label} />}>
      <LanguageMenu label={label} />
    </Suspense>
  );
}
