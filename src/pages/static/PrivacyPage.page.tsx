import { StaticDocument } from './document/StaticDocument';

/** The Privacy Policy: its words are src/content/privacy/<locale>.json. */
export function PrivacyPage() {
  return <StaticDocument page="privacy" icon="lock" color="teal" />;
}
