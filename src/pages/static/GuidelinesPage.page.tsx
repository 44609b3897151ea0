import { useDocument } from '../../content/documents';
import { ReviewStats } from '../../features/developer/ReviewStats';
import { useLocale } from '../../i18n';
import { StaticDocument, type DocumentParts } from './document/StaticDocument';

// The review queue as it is now, above the review's steps.
const PARTS: DocumentParts = { 'review-process': () => <ReviewStats /> };

/** The Game Guidelines: its words are src/content/guidelines/<locale>.json. */
export function GuidelinesPage() {
  const { locale } = useLocale();
  const document = useDocument('guidelines', locale);
  return <StaticDocument document={document} icon="clipboard-check" color="violet" parts={PARTS} />;
}
