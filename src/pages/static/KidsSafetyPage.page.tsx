import { useDocument } from '../../content/documents';
import { useLocale } from '../../i18n';
import { StaticDocument } from './document/StaticDocument';

/** Kids Safety: its words are src/content/kids-safety/<locale>.json. */
export function KidsSafetyPage() {
  const { locale } = useLocale();
  const document = useDocument('kids-safety', locale);
  return <StaticDocument document={document} icon="shield-check" color="pink" />;
}
