import { useDocument } from '../../content/documents';
import { useLocale } from '../../i18n';
import { usePageTitle } from './components';
import { StaticDocument } from './document/StaticDocument';

/** Kids Safety: its words are src/content/kids-safety/<locale>.json. */
export function KidsSafetyPage() {
  const { locale } = useLocale();
  const document = useDocument('kids-safety', locale);
  usePageTitle(document.title);
  return <StaticDocument document={document} icon="shield-check" color="pink" />;
}
