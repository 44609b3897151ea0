import { StaticDocument } from './document/StaticDocument';

/** Kids Safety: its words are src/content/kids-safety/<locale>.json. */
export function KidsSafetyPage() {
  return <StaticDocument page="kids-safety" icon="shield-check" color="pink" />;
}
