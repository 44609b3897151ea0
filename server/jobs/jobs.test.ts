import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedInput } from '../../shared/schemas/feeds';
import { ADMIN_EMAIL, openDomainTest, type DomainTest } from '../../tests/support/domain';
import { engineName } from '../../tests/support/engine';
import { startFeedServer, type FeedServer } from '../../tests/support/feed-server';
import { until } from '../../tests/support/until';
import { createFeed, getFeed } from '../domains/feeds/service';
import { cronEvery, JOBS, startJobs, type Jobs } from './jobs';

let t: DomainTest;
let feeds: FeedServer;
let jobs: Jobs;

beforeAll(async () => {
  [t, feeds] = await Promise.all([openDomainTest({ FEEDS_ALLOW_PRIVATE: '1' }), startFeedServer()]);
  const quiet = { info() {}, warn() {} };
  jobs = await startJobs(t.db, t.services, quiet, t.db.pglite ? undefined : t.db.orm.config.get('clientUrl'));
});
afterAll(async () => {
  await jobs.stop();
  await Promise.all([t.close(), feeds.close()]);
});

describe(`the job library on the portal's database (${engineName})`, () => {
  it('schedules each feed by its id, daily by default, and works its sync job', async () => {
    feeds.items.gamepix = [{ id: 'job-1', title: 'Scheduled Sprint', category: 'racing' }];
    const admin = await t.signedIn(ADMIN_EMAIL);
    const { id } = await createFeed(admin, feedInput.parse({ url: `${feeds.url}/feeds/gamepix`, format: 'gamepix', name: 'GamePix', publish: 'now' }));
    const schedules = await jobs.boss.getSchedules(JOBS.feedSync);
    expect(schedules).toEqual([expect.objectContaining({ key: String(id), cron: cronEvery(24, id), data: { feedId: id } })]);

    await jobs.boss.send(JOBS.feedSync, { feedId: id });
    const synced = await until(async () => (await getFeed(t.db.orm.em.fork(), id)).lastReport, 'the job to sync the feed', 30_000);
    expect(synced).toMatchObject({ added: 1, refused: [] });

    await jobs.unscheduleFeed(id);
    expect(await jobs.boss.getSchedules(JOBS.feedSync)).toEqual([]);
  });

  it('spreads feeds over the hour and the day', () => {
    expect(cronEvery(24, 3)).toBe('21 3 * * *');
    expect(cronEvery(6, 10)).toBe('10 */6 * * *');
    expect(cronEvery(168, 8)).toBe('56 8 * * 1');
  });
});
