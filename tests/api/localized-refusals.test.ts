/**
 * Issue #59: refusals that used to be English whatever the page's language. The Kids Zone's
 * (bedtime, time's up, a device not paired) come in the page's language, and the web app tells
 * them apart by their message id rather than by their English words; a build upload's `file: …`
 * refusals and the build rules' refusals of its zip come in the developer's language, the field
 * named as the API names it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { zipOf } from '../support/zips';

const BOUNDARY = '----playfree-test-boundary';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A clock `offsetMinutes` from now in UTC, as a bedtime is set. */
function utcClock(offsetMinutes: number): string {
  const at = new Date(Date.now() + offsetMinutes * 60_000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

type TrpcFailure = { error: { message: string; data: { code: string; messageId: string | null } } };

function startPlay(headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/trpc/family.startPlay', headers: { 'content-type': 'application/json', ...headers }, payload: { slug: 'balloon-pop' } });
}

describe(`the Kids Zone's refusals in the page's language (${engineName})`, () => {
  it('a device that is not paired is told so in French, with the id the page reads', async () => {
    const response = await startPlay({ 'x-locale': 'fr' });
    expect(response.statusCode).toBe(401);
    expect((response.json() as TrpcFailure).error).toMatchObject({ message: 'Cet appareil n’est associé à aucun compte parent', data: { messageId: 'kids.notPaired' } });
  });

  it('at bedtime a paired device reads it in its page’s language, through tRPC and REST alike; a client that says nothing reads English', async () => {
    const parent = await signIn(t.app, 'bedtime.parent@example.com');
    expect((await call(t.app, 'PUT', '/api/kids/family', { token: parent, body: { timeZone: 'UTC', pin: '1357' } })).status).toBe(200);
    const profile = await call<{ id: number }>(t.app, 'POST', '/api/kids/profiles', {
      token: parent,
      body: { name: 'Lou', avatar: 'fox', ageBand: '6-8', bedtime: { start: utcClock(-60), end: utcClock(60) } },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const device = await call<{ code: string }>(t.app, 'POST', '/api/kids/device/pairing-code');
    const setCookie = device.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((line) => line.split(';')[0]).join('; ');
    expect((await call(t.app, 'POST', `/api/kids/profiles/${profile.body.id}/devices`, { token: parent, body: { code: device.body.code } })).status).toBe(200);

    const french = await startPlay({ cookie, 'x-locale': 'fr' });
    expect(french.statusCode).toBe(403);
    expect((french.json() as TrpcFailure).error).toMatchObject({ message: 'C’est l’heure d’aller au lit : plus de jeux jusqu’à demain matin', data: { messageId: 'kids.bedtime' } });
    const japanese = await call(t.app, 'POST', '/api/kids/device/plays', { body: { slug: 'balloon-pop' }, headers: { cookie, 'x-locale': 'ja' } });
    expect(japanese.status).toBe(403);
    expect(japanese.body).toEqual({ message: 'ねる じかんだよ。あさまで ゲームは おやすみ' });
    const english = await call(t.app, 'POST', '/api/kids/device/plays', { body: { slug: 'balloon-pop' }, headers: { cookie } });
    expect(english.body).toEqual({ message: "It's bedtime: no games until the morning" });
  });
});

describe(`a build upload's refusals in the developer's language (${engineName})`, () => {
  let session: string;
  let gameId: number;
  const upload = (headers: Record<string, string>, payload: Buffer) =>
    t.app.inject({ method: 'POST', url: `/api/dev/games/${gameId}/builds`, headers: { authorization: `Bearer ${session}`, ...headers }, payload });

  beforeAll(async () => {
    session = await signIn(t.app, 'mondes@example.com');
    const game = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
      token: session,
      body: { title: 'Mondes', description: 'A game whose developer reads Japanese and German.', categories: ['adventure'], hosted: true },
    });
    if (game.status !== 201) throw new Error(`submit failed: ${JSON.stringify(game.body)}`);
    gameId = game.body.id;
  });

  it('an empty upload, a form with no file and a zip past the limit are refused in the page’s language, the field named as the API names it', async () => {
    const empty = await upload({ 'content-type': 'application/zip', 'x-locale': 'ja' }, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'file: アップロードされたファイルが空です。ビルドを .zip で添付してください' });

    const form = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno zip here\r\n--${BOUNDARY}--\r\n`);
    const noFile = await upload({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-locale': 'de' }, form);
    expect(noFile.statusCode, noFile.body).toBe(400);
    expect(noFile.json()).toEqual({ message: 'file: das Formular enthält keine Datei; häng den Build als .zip an' });

    const tooLarge = await upload({ 'content-type': 'application/zip', 'content-length': String(400 * 1024 * 1024), 'x-locale': 'de' }, Buffer.alloc(16));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'file: die Zip-Datei ist größer als 300 MB; die Zip-Datei eines Builds darf höchstens 300 MB groß sein' });
  });

  it('a zip the build rules refuse is refused in the page’s language too, with the file it names as it is', async () => {
    const notZip = await upload({ 'content-type': 'application/zip', 'x-locale': 'fr' }, Buffer.from('just some text'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toEqual({ message: 'build: le fichier envoyé n’est pas un zip ; envoie le dossier du jeu compressé en .zip' });
    const nested = await upload({ 'content-type': 'application/zip', 'x-locale': 'ko' }, await zipOf({ 'a/index.html': '<title>a</title>', 'b/other.html': '' }));
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ message: 'build: zip 최상위에 index.html이 없어요("a/index.html"만 있어요). 게임의 index.html이 들어 있는 폴더를 압축해 주세요' });
  });

  it('a client that sends no language reads the English it always read', async () => {
    const empty = await upload({ 'content-type': 'application/zip' }, Buffer.alloc(0));
    expect(empty.json()).toEqual({ message: 'file: the upload is empty; attach the build as a .zip' });
    const nested = await upload({ 'content-type': 'application/zip' }, await zipOf({ 'a/index.html': '<title>a</title>', 'b/other.html': '' }));
    expect(nested.json()).toEqual({ message: `build: there is no index.html at the top of the zip (only "a/index.html"); zip the folder that holds the game's index.html` });
  });
});

describe(`an administrator's refusals of feeds, payouts and revenue in their page's language (${engineName})`, () => {
  it('a feed or payout that is not there, a CSV line that is not game,amount and a month still running', async () => {
    const admin = await signIn(t.app, ADMIN_EMAIL);
    expect((await call(t.app, 'DELETE', '/api/admin/feeds/999999', { token: admin, headers: { 'x-locale': 'ja' } })).body).toEqual({ message: 'フィードが見つかりません' });
    expect((await call(t.app, 'POST', '/api/admin/payouts/999999/paid', { token: admin, body: { reference: 'x' }, headers: { 'x-locale': 'de' } })).body).toEqual({ message: 'Auszahlung nicht gefunden' });
    const csv = await call(t.app, 'POST', '/api/admin/revenue/2020-01', { token: admin, body: { csv: 'game,amount\nportal,1,2,3' }, headers: { 'x-locale': 'ru' } });
    expect(csv.status).toBe(400);
    expect(csv.body).toEqual({ message: 'csv: строка 2: 4 ячейки, а строка должна быть вида game,amount (сумму с запятыми бери в кавычки: "1,234.56")' });
    const english = await call(t.app, 'POST', '/api/admin/revenue/2020-01', { token: admin, body: { csv: 'game,amount\nportal' } });
    expect(english.body).toEqual({ message: 'csv: line 2: one cell where a line is game,amount (an amount with commas goes in quotes: "1,234.56")' });
    const running = await call(t.app, 'POST', '/api/admin/revenue/2999-01', { token: admin, body: { total: '10.00' }, headers: { 'x-locale': 'fr' } });
    expect(running.body).toEqual({ message: 'month: Doit être un mois terminé' });
  });
});

describe(`a player's refused saves file in their page's language (${engineName})`, () => {
  it('a file that is not a saves file is told so in French, the format it expects as it is', async () => {
    const player = await signIn(t.app, 'sauvegardes@example.com');
    const refused = await call(t.app, 'POST', '/api/me/saves', { token: player, body: { format: 'notes', saves: [] }, headers: { 'x-locale': 'fr' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'format: « playfree-saves » attendu : choisis un fichier exporté depuis Tes sauvegardes' });
  });
});
