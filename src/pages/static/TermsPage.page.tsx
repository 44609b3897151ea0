import { StaticDocument } from './document/StaticDocument';

/** The Terms of Service: its words are src/content/terms/<locale>.json. */
export function TermsPage() {
  return <StaticDocument page="terms" icon="file-text" color="indigo" />;
}
