import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqlIn } from '../../db/sql';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import type { DomainContext } from '../context';
import { Forbidden, NotFound, TooManyRequests, Unauthorized, Validation } from '../errors';
import { deviceState, enterZone, isHeldInZone, requestPairingCode } from './family-device';
import { confirmPinReset, pinMatches, requestPinReset, unlockDevice } from './family-pin';
import { beatKidPlay, deviceGames, startKidPlay } from './family-plays';
import { translate } from '../../i18n/translate';
import { zonedClock } from './family-time';
import {
  addTime,
  createProfile,
  deleteProfile,
  exportProfile,
  getFamily,
  pairDevice,
  profileActivity,
  renameDevice,
  setApprovedGames,
  updateFamilySettings,
  updateProfile,
} from './family';

let t: DomainTest;
const PIN = '2468';

beforeAll(async () => {
  t = await openDomainTest();
  // A kid-safe game with cartoon violence, for the content rules.
  await sqlIn(t.db.orm.em.fork(), `update games set content_facts = jsonb_set(content_facts, '{violence}', '"cartoon"') where slug = 'paddle-duel'`);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** A child's device: its own cookie jar, as a browser keeps one. */
function device(userAgent = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Safari/537.36') {
  let token: string | null = null;
  const ctx = (): DomainContext =>
    t.context({
      userAgent,
      kidsDeviceToken: token,
      cookies: { setAuthCookie() {}, clearAuthCookie() {}, setVisitorCookie() {}, setKidsDeviceCookie: (value) => (token = value), setKidsHoldCookie() {} },
    });
  return { ctx, clearSiteData: () => (token = null) };
}

async function family(email: string, profile: Partial<Parameters<typeof createProfile>[1]> = {}) {
  const parent = await t.signedIn(email);
  await updateFamilySettings(parent, { timeZone: 'Europe/Paris', pin: PIN });
  const created = await createProfile(parent, { name: 'Mia', avatar: 'fox', ageBand: '6-8', ...profile });
  return { parent, profileId: created.id };
}

async function paired(parent: Awaited<ReturnType<typeof family>>['parent'], profileId: number) {
  const tablet = device();
  const { code } = await requestPairingCode(tablet.ctx());
  await pairDevice(parent, { id: profileId, code });
  return tablet;
}

/** "HH:MM" of a minute after midnight, wrapping around the day. */
function clock(minute: number): string {
  const wrapped = (minute + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/** Moves the server's clock (Date only: the database keeps its own). */
function advance(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe(`Kids Zone parent accounts (${engineName})`, () => {
  it('stores the PIN as a slow hash, never the PIN', async () => {
    const { parent } = await family('pin-hash@example.com');
    const [row] = await sqlIn<{ pin_hash: string }>(parent.em, 'select pin_hash from kid_parents where user_id = ?', [parent.user.id]);
    expect(row!.pin_hash).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(row!.pin_hash).not.toContain(PIN);
    expect(await pinMatches(PIN, row!.pin_hash)).toBe(true);
    expect(await pinMatches('2469', row!.pin_hash)).toBe(false);
  });

  it('pairs a device with the code it shows: single use, and it expires', async () => {
    const { parent, profileId } = await family('pairing@example.com');
    const tablet = device();
    expect(await deviceState(tablet.ctx())).toEqual({ paired: false });
    const { code } = await requestPairingCode(tablet.ctx());
    expect(code).toMatch(/^\d{6}$/);
    const view = await pairDevice(parent, { id: profileId, code });
    expect(view.devices).toEqual([expect.objectContaining({ label: 'Chrome on Android', silent: false })]);
    expect(await deviceState(tablet.ctx())).toMatchObject({ paired: true, profile: { name: 'Mia', avatar: 'fox' }, releasedUntil: null });
    // Single use: the same code pairs nothing more.
    await expect(pairDevice(parent, { id: profileId, code })).rejects.toBeInstanceOf(Validation);

    // A code older than 10 minutes is refused.
    const late = device();
    advance(-11 * 60_000);
    const old = await requestPairingCode(late.ctx());
    vi.useRealTimers();
    await expect(pairDevice(parent, { id: profileId, code: old.code })).rejects.toThrow('code: This code is not right or has expired');
    expect(await deviceState(late.ctx())).toEqual({ paired: false });

    // Another parent cannot pair to, or even see, this profile.
    const stranger = await t.signedIn('stranger@example.com');
    const other = device();
    await expect(pairDevice(stranger, { id: profileId, code: (await requestPairingCode(other.ctx())).code })).rejects.toBeInstanceOf(NotFound);
  });

  it("names a paired device as the parent calls it: two devices of the same browser are told apart, and only the parent's", async () => {
    const { parent, profileId } = await family('naming@example.com');
    await paired(parent, profileId);
    await paired(parent, profileId);
    const [first, second] = (await getFamily(parent)).profiles[0]!.devices;
    expect([first!.label, second!.label]).toEqual(['Chrome on Android', 'Chrome on Android']);
    const view = await renameDevice(parent, { id: profileId, deviceId: first!.id, label: 'Kitchen tablet' });
    expect(view.devices.map((each) => each.label).sort()).toEqual(['Chrome on Android', 'Kitchen tablet']);
    expect(view.devices.every((each) => !Number.isNaN(Date.parse(each.lastSeenAt)))).toBe(true);
    const stranger = await t.signedIn('naming-stranger@example.com');
    await expect(renameDevice(stranger, { id: profileId, deviceId: second!.id, label: 'Mine now' })).rejects.toBeInstanceOf(NotFound);
    const other = await family('naming-other@example.com');
    await expect(renameDevice(other.parent, { id: other.profileId, deviceId: second!.id, label: 'Mine now' })).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses to pair before the parent has set a PIN', async () => {
    const parent = await t.signedIn('no-pin@example.com');
    const { id } = await createProfile(parent, { name: 'Leo', avatar: 'owl', ageBand: '3-5' });
    await expect(pairDevice(parent, { id, code: (await requestPairingCode(device().ctx())).code })).rejects.toThrow('pin: Set the parent PIN before pairing a device');
  });

  it('applies the settings on every paired device, and the parent sees each device', async () => {
    const { parent, profileId } = await family('settings@example.com', { dailyMinutes: 30 });
    const tablet = await paired(parent, profileId);
    const phone = await paired(parent, profileId);
    await updateProfile(parent, { id: profileId, dailyMinutes: 45, allowCartoonViolence: true });
    for (const each of [tablet, phone]) {
      expect(await deviceState(each.ctx())).toMatchObject({ paired: true, allowCartoonViolence: true, today: { allowanceMs: 45 * 60_000 } });
    }
    const seen = await getFamily(parent);
    expect(seen.timeZone).toBe('Europe/Paris');
    expect(seen.hasPin).toBe(true);
    expect(seen.profiles[0]!.devices).toHaveLength(2);
  });

  it('counts play from heartbeats across two devices and refuses a play past the budget, until the parent adds time', async () => {
    const { parent, profileId } = await family('budget@example.com', { dailyMinutes: 1 });
    const tablet = await paired(parent, profileId);
    const phone = await paired(parent, profileId);
    advance(0);
    const onTablet = await startKidPlay(tablet.ctx(), 'balloon-pop');
    expect(onTablet.remainingMs).toBe(60_000);
    const onPhone = await startKidPlay(phone.ctx(), 'cafe-racer');

    // A beat counts at most 20 s, however long since the last one; both devices' beats add up.
    advance(5 * 60_000);
    expect(await beatKidPlay(tablet.ctx(), { id: onTablet.playId })).toEqual({ running: true, stopped: null, remainingMs: 40_000 });
    expect(await beatKidPlay(phone.ctx(), { id: onPhone.playId })).toEqual({ running: true, stopped: null, remainingMs: 20_000 });
    // A pause counts the moments before it, and nothing while the frame is out of sight.
    advance(5_000);
    expect(await beatKidPlay(tablet.ctx(), { id: onTablet.playId, paused: true })).toMatchObject({ running: true, remainingMs: 15_000 });
    advance(20_000);
    expect(await beatKidPlay(tablet.ctx(), { id: onTablet.playId })).toMatchObject({ running: true, remainingMs: 15_000 });
    advance(15_000);
    expect(await beatKidPlay(tablet.ctx(), { id: onTablet.playId })).toEqual({ running: false, stopped: 'budget', remainingMs: 0 });
    // The other device's play ends at its next beat, counting nothing past the budget, and neither can start another.
    expect(await beatKidPlay(phone.ctx(), { id: onPhone.playId })).toEqual({ running: false, stopped: 'budget', remainingMs: 0 });
    await expect(startKidPlay(phone.ctx(), 'balloon-pop')).rejects.toThrow(new Forbidden(translate('en', 'kids.timesUp')));
    await expect(startKidPlay(tablet.ctx(), 'balloon-pop')).rejects.toThrow("Time's up for today");
    // Another device's beat cannot count on this play.
    await expect(beatKidPlay(phone.ctx(), { id: onTablet.playId })).rejects.toBeInstanceOf(NotFound);

    const added = await addTime(parent, { id: profileId, minutes: 5 });
    expect(added.today).toMatchObject({ allowanceMs: 6 * 60_000, remainingMs: 5 * 60_000 });
    expect((await startKidPlay(phone.ctx(), 'balloon-pop')).remainingMs).toBe(5 * 60_000);

    const activity = await profileActivity(parent, profileId);
    expect(activity.today.reduce((sum, game) => sum + game.ms, 0)).toBe(60_000);
    expect(activity.today.map((game) => game.title).sort()).toEqual(['Balloon Pop', 'Café Racer']);
    expect(activity.days).toEqual([{ day: zonedClock('Europe/Paris').day, ms: 60_000 }]);
  });

  it('refuses to start a play at bedtime, in the parent\'s time zone', async () => {
    const { parent, profileId } = await family('bedtime@example.com');
    await updateFamilySettings(parent, { timeZone: 'Asia/Tokyo' });
    const tablet = await paired(parent, profileId);
    const now = zonedClock('Asia/Tokyo').minute;
    await updateProfile(parent, { id: profileId, bedtime: { start: clock(now - 2), end: clock(now + 60) } });
    await expect(startKidPlay(tablet.ctx(), 'balloon-pop')).rejects.toThrow("It's bedtime: no games until the morning");
    expect(await deviceState(tablet.ctx())).toMatchObject({ today: { bedtimeNow: true } });
    await updateProfile(parent, { id: profileId, bedtime: { start: clock(now + 60), end: clock(now + 120) } });
    await expect(startKidPlay(tablet.ctx(), 'balloon-pop')).resolves.toMatchObject({ remainingMs: null });
  });

  it('hides a cartoon-violence game unless the parent allows it, and plays approved games only when set', async () => {
    const { parent, profileId } = await family('content@example.com');
    const tablet = await paired(parent, profileId);
    const slugs = async () => (await deviceGames(tablet.ctx(), {})).map((game) => game.slug).sort();
    expect(await slugs()).toEqual(['balloon-pop', 'cafe-racer']);
    await expect(startKidPlay(tablet.ctx(), 'paddle-duel')).rejects.toThrow("This game isn't allowed for this profile");
    // Never a game outside the Kids Zone (rated 13+), whatever the settings.
    await updateProfile(parent, { id: profileId, allowCartoonViolence: true });
    expect(await slugs()).toEqual(['balloon-pop', 'cafe-racer', 'paddle-duel']);
    await expect(startKidPlay(tablet.ctx(), 'paddle-duel')).resolves.toBeTruthy();
    await expect(startKidPlay(tablet.ctx(), 'star-blaster')).rejects.toBeInstanceOf(Forbidden);

    const [balloon] = await sqlIn<{ id: number }>(parent.em, `select id from games where slug = 'balloon-pop'`);
    await setApprovedGames(parent, { id: profileId, gameIds: [balloon!.id] });
    await updateProfile(parent, { id: profileId, approvedOnly: true });
    expect(await slugs()).toEqual(['balloon-pop']);
    await expect(startKidPlay(tablet.ctx(), 'cafe-racer')).rejects.toBeInstanceOf(Forbidden);
  });

  it('limits wrong PINs for the whole family: five tries, then a growing wait kept on the server', async () => {
    const { parent, profileId } = await family('tries@example.com');
    const tablet = await paired(parent, profileId);
    const phone = await paired(parent, profileId);
    expect(await isHeldInZone(tablet.ctx())).toBe(true);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expect(unlockDevice(attempt % 2 ? tablet.ctx() : phone.ctx(), '0000')).rejects.toThrow(`${5 - attempt} ${5 - attempt === 1 ? 'try' : 'tries'} left`);
    }
    await expect(unlockDevice(tablet.ctx(), '0000')).rejects.toThrow('wait 30 seconds');
    // During the wait even the right PIN is refused, on every device.
    await expect(unlockDevice(phone.ctx(), PIN)).rejects.toBeInstanceOf(TooManyRequests);
    expect(await deviceState(phone.ctx())).toMatchObject({ pinWaitUntil: expect.any(String) });
    advance(31_000);
    await expect(unlockDevice(tablet.ctx(), '1111')).rejects.toThrow('wait 60 seconds');
    advance(61_000);
    await unlockDevice(tablet.ctx(), PIN);
    vi.useRealTimers();
    expect(await isHeldInZone(tablet.ctx())).toBe(false);
    expect(await isHeldInZone(phone.ctx())).toBe(true);
    // Back in the zone, the device is held again; the right PIN cleared the count.
    await enterZone(tablet.ctx());
    expect(await isHeldInZone(tablet.ctx())).toBe(true);
    await expect(unlockDevice(tablet.ctx(), '0000')).rejects.toThrow('4 tries left');
  });

  it('resets a forgotten PIN with a code mailed to the parent: single use', async () => {
    const { parent, profileId } = await family('reset@example.com');
    const tablet = await paired(parent, profileId);
    const before = t.mails.length;
    await requestPinReset(tablet.ctx());
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('reset@example.com');
    const code = mail.subject.match(/(\d{4}) (\d{4})/)!.slice(1, 3).join('');
    await expect(confirmPinReset(tablet.ctx(), { code: code === '00000000' ? '11111111' : '00000000', pin: '1357' })).rejects.toBeInstanceOf(Validation);
    await confirmPinReset(tablet.ctx(), { code, pin: '1357' });
    await expect(confirmPinReset(tablet.ctx(), { code, pin: '9999' })).rejects.toBeInstanceOf(Validation);
    await expect(unlockDevice(tablet.ctx(), PIN)).rejects.toBeInstanceOf(Forbidden);
    await unlockDevice(tablet.ctx(), '1357');
    // An unpaired device can ask nothing of the parent.
    await expect(requestPinReset(device().ctx())).rejects.toBeInstanceOf(Unauthorized);
  });

  it('keeps the profile when a device clears its site data: it is no longer paired, and shows as silent to the parent later', async () => {
    const { parent, profileId } = await family('cleared@example.com', { dailyMinutes: 20 });
    const tablet = await paired(parent, profileId);
    tablet.clearSiteData();
    expect(await deviceState(tablet.ctx())).toEqual({ paired: false });
    await expect(startKidPlay(tablet.ctx(), 'balloon-pop')).rejects.toBeInstanceOf(Unauthorized);
    advance(4 * 60_000);
    const seen = (await getFamily(parent)).profiles[0]!;
    expect(seen).toMatchObject({ dailyMinutes: 20, devices: [expect.objectContaining({ silent: true })] });
  });

  it('exports and deletes everything kept for a profile', async () => {
    const { parent, profileId } = await family('export@example.com', { dailyMinutes: 10 });
    const tablet = await paired(parent, profileId);
    advance(0);
    const play = await startKidPlay(tablet.ctx(), 'balloon-pop');
    advance(15_000);
    await beatKidPlay(tablet.ctx(), { id: play.playId });
    const file = await exportProfile(parent, profileId);
    expect(file.profile).toMatchObject({ name: 'Mia', dailyMinutes: 10 });
    expect(file.playTime).toEqual([{ day: zonedClock('Europe/Paris').day, game: 'balloon-pop', ms: 15_000 }]);
    expect(file.plays).toEqual([expect.objectContaining({ game: 'balloon-pop', endedAt: null })]);
    await deleteProfile(parent, profileId);
    expect((await getFamily(parent)).profiles).toEqual([]);
    expect(await deviceState(tablet.ctx())).toEqual({ paired: false });
    for (const table of ['kid_play_days', 'kid_plays', 'kid_devices']) {
      expect(await sqlIn(parent.em, `select 1 from ${table} where profile_id = ?`, [profileId])).toEqual([]);
    }
  });
});
