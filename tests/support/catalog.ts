import type { CatalogEntry } from '../../server/db/catalog';

/** A small fixed catalog, so assertions do not depend on the built-in library as it grows. */
export const TEST_CATALOG: CatalogEntry[] = [
  {
    slug: 'star-blaster',
    title: 'Star Blaster',
    description: 'Blast asteroids in deep space.',
    categories: ['action', 'arcade'],
    tags: ['space', 'shooter'],
    ageRating: 'E13',
    multiplayer: false,
    studio: 'PlayFree Originals',
    publishedAt: '2026-09-01',
  },
  {
    slug: 'cafe-racer',
    title: 'Café Racer',
    description: 'Race vintage motorbikes through the old town.',
    categories: ['racing'],
    tags: ['bikes', 'retro'],
    ageRating: 'E7',
    multiplayer: false,
    studio: 'PlayFree Originals',
    publishedAt: '2026-11-20',
  },
  {
    slug: 'balloon-pop',
    title: 'Balloon Pop',
    description: 'Pop the colourful balloons before they float away.',
    categories: ['kids', 'casual'],
    tags: ['toddlers', 'colours'],
    ageRating: 'KIDS',
    multiplayer: false,
    studio: 'PlayFree Originals',
    publishedAt: '2026-10-15',
  },
  {
    slug: 'paddle-duel',
    title: 'Paddle Duel',
    description: 'Two players, one screen, one ball.',
    categories: ['sports', 'arcade'],
    tags: ['2 players', 'retro'],
    ageRating: 'E7',
    multiplayer: true,
    studio: 'PlayFree Originals',
    publishedAt: '2026-10-01',
  },
];
