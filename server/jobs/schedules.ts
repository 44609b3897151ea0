/** What the rest of the portal asks of the job library's schedules (server/jobs/jobs.ts), without importing the jobs themselves. */
export type FeedSchedules = {
  scheduleFeed(feedId: number, everyHours: number): Promise<void>;
  unscheduleFeed(feedId: number): Promise<void>;
};
