/**
 * A feed's text is data: HTML in it is reduced to its text (tags gone, script and style contents
 * gone, entities decoded once, breaks kept as line ends), control characters dropped, and the
 * result capped. The web app escapes whatever it shows as well; this keeps markup out of the
 * database, the search index and the API.
 */
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–', rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', copy: '©', reg: '®', trade: '™' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** `<p>Jump &amp; <b>run</b></p><script>x()</script>` → `Jump & run`. */
export function plainText(value: string | null, max: number): string {
  if (!value) return '';
  const text = decodeEntities(
    value
      .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
      .replace(/<(script|style|iframe|noscript|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n')
      .replace(/<\/?[a-z!][^>]*(>|$)/gi, ' '),
  )
    // A decoded `&lt;b&gt;` is text now, shown as such, never parsed again.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[ \n]*/g, '\n')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** A one-line name (a title, a category, a tag): plain text on one line. */
export function plainLine(value: string | null, max: number): string {
  return plainText(value, max * 4).replace(/\s+/g, ' ').slice(0, max).trim();
}
