/** Spec section 9: no plays reads "New"; over 1000 reads as a one-decimal k value. */
export function formatPlays(plays: number): string {
  if (!plays) return 'New';
  if (plays > 1000) return `${(plays / 1000).toFixed(1)}k`;
  return String(plays);
}

/**
 * A count with thousands separators, as en-US writes it (12,345). Written out rather than through
 * toLocaleString: the first Intl formatter a page creates loads locale data, a long task on a phone.
 */
export function formatCount(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as en-US writes it in short (Nov 23, 2026), in the visitor's time zone; no Intl, as above. */
export function formatShortDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Ratings always show one decimal. */
export function formatRating(avg: number): string {
  return (Number.isFinite(avg) ? avg : 0).toFixed(1);
}

export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

const ageLabels: Record<string, string> = {
  KIDS: 'Kids (3-6)',
  E7: 'Everyone 7+',
  E13: 'Teen 13+',
  E16: 'Mature 16+',
  E18: 'Adults 18+',
};

export function ageRatingLabel(rating: string): string {
  return ageLabels[rating] ?? rating;
}
