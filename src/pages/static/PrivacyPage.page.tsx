import { useDocument } from '../../content/documents';
import { useLocale } from '../../i18n';
import { StaticDocument } from './document/StaticDocument';

/** The Privacy Policy: its words are src/content/privacy/<locale>.json. */
export function PrivacyPage() {
  const { locale } = useLocale();
  const document = useDocument('privacy', locale);
  return <StaticDocument document={document} icon="lock" color="teal" />;
}
