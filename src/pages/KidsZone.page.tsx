/**
 * The Kids Zone's layout as a page module of its own (src/routes.tsx loads it like a page), so the
 * code of its header and parent lock comes only to those who open the Kids Zone, and the server links
 * its styles with the page's.
 */
export { KidsLayout } from '../components/KidsLayout/KidsLayout';
