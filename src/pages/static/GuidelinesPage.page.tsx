import { ReviewStats } from '../../features/developer/ReviewStats';
import { StaticDocument, type DocumentParts } from './document/StaticDocument';

// The review queue as it is now, above the review's steps.
const PARTS: DocumentParts = { 'review-process': () => <ReviewStats /> };

/** The Game Guidelines: its words are src/content/guidelines/<locale>.json. */
export function GuidelinesPage() {
  return <StaticDocument page="guidelines" icon="clipboard-check" color="violet" parts={PARTS} />;
}
