/**
 * The API documentation page's endpoint reference is read from the OpenAPI document: every /v1
 * operation is on it, with its parameters, its examples (the Try it calls) and every status the
 * document declares.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../server/rest/openapi';
import { curlCommand, examplePath, referenceFromOpenApi, type OpenApiDocument } from '../../src/pages/static/apiReference';

const document = buildOpenApiDocument('https://portal.example.org') as OpenApiDocument;
const reference = referenceFromOpenApi(document);
const endpoints = [...reference.games, ...reference.analytics];

describe('the API documentation reference', () => {
  it('holds every /v1 operation of the document, each under its anchor, in its tab', () => {
    const v1 = Object.entries(document.paths).flatMap(([path, operations]) => (path.startsWith('/v1/') ? Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`) : []));
    expect(endpoints.map((endpoint) => `${endpoint.method} /v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`).sort()).toEqual(v1.sort());
    expect(reference.games.map((endpoint) => [endpoint.id, endpoint.heading])).toEqual([
      ['list-games', 'List games'],
      ['create-game', 'Submit a game'],
      ['update-game', 'Update a game'],
      ['upload-build', 'Upload a build'],
      ['list-builds', 'List builds'],
      ['get-build', 'Get a build and its checks'],
      ['submit-build', 'Submit a build for review'],
      ['build-live', 'Put a build live (roll back)'],
      ['build-threads', 'Say whether a build needs threads'],
      ['build-compressed-files', 'Say how a build’s compressed files are sent'],
      ['leaderboard', 'Get a leaderboard'],
      ['list-medals', "List your game's medals"],
      ['declare-medals', 'Declare medals'],
      ['list-translations', "List your game's languages"],
      ['get-translation', "Get your game's listing in a language"],
      ['put-translation', "Translate your game's listing"],
      ['remove-translation', 'Remove a translation'],
    ]);
    const translate = reference.games.find((endpoint) => endpoint.id === 'put-translation')!;
    expect(examplePath(translate, '42')).toBe('/games/42/translations/fr');
    const poll = reference.games.find((endpoint) => endpoint.id === 'get-build')!;
    expect(examplePath(poll, '42', '7')).toBe('/games/42/builds/7');
    expect(reference.analytics.map((endpoint) => [endpoint.id, endpoint.heading])).toEqual([
      ['game-analytics', 'Get game analytics'],
      ['track-event', 'Track an event'],
      ['list-statements', 'List your monthly statements'],
    ]);
  });

  it('documents the parameters and the examples the Try it calls send', () => {
    const list = reference.games.find((endpoint) => endpoint.id === 'list-games')!;
    expect(examplePath(list, '42')).toBe('/games?limit=10&category=action');
    expect(list.query.find((param) => param.name === 'limit')).toMatchObject({ type: 'integer', defaultValue: '20', description: 'Number of games to return, at most 100.' });
    const analytics = reference.analytics.find((endpoint) => endpoint.id === 'game-analytics')!;
    expect(examplePath(analytics, '7')).toBe('/analytics/games/7?period=30d');
    expect(analytics.pathParams).toEqual([{ name: 'id', type: 'integer', required: true, description: 'The id of your game.' }]);
    const submit = reference.games.find((endpoint) => endpoint.id === 'create-game')!;
    // game_url and thumbnail are required unless the game is hosted here (its files uploaded as builds).
    expect(submit.body.filter((param) => param.required).map((param) => param.name)).toEqual(['title', 'description', 'category']);
    expect(submit.body.find((param) => param.name === 'game_url')?.description).toMatch(/required unless `hosted`/);
    expect(submit.successStatus).toBe('201 Created');
    const upload = reference.games.find((endpoint) => endpoint.id === 'upload-build')!;
    expect(upload.fileBody).toBe(true);
    expect(curlCommand(upload, { apiKey: 'pf_live_x', baseUrl: 'https://portal.example.org/api/v1', id: '42' })).toBe(
      'curl -X POST "https://portal.example.org/api/v1/games/42/builds" \\\n  -H "Authorization: Bearer pf_live_x" \\\n  -H "Content-Type: application/zip" \\\n  --data-binary @game.zip',
    );
    for (const endpoint of endpoints) {
      expect(endpoint.response, endpoint.id).toBeDefined();
      // A call that takes a body shows an example of it (a build's submit and live calls take none).
      if (endpoint.body.length > 0) expect(endpoint.request, endpoint.id).toBeDefined();
    }
  });

  it('lists every response the document declares, the success first', () => {
    for (const endpoint of endpoints) {
      const path = `/v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      const declared = Object.keys(document.paths[path]![endpoint.method.toLowerCase()]!.responses);
      expect(endpoint.responses.map((response) => response.status).sort()).toEqual(declared.sort());
      expect(endpoint.responses[0]!.status).toMatch(/^2/);
    }
  });
});
