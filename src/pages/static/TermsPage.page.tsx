import { useDocument } from '../../content/documents';
import { useLocale } from '../../i18n';
import { StaticDocument } from './document/StaticDocument';

/** The Terms of Service: its words are src/content/terms/<locale>.json. */
export function TermsPage() {
  const { locale } = useLocale();
  const document = useDocument('terms', locale);
  return <StaticDocument document={document} icon="file-text" color="indigo" />;
}
