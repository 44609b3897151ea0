/**
 * What waits for a reviewer, as the dashboard's Pending Review card counts it: every new game, and
 * every submitted build of a published game. A build of a game still pending is decided with its
 * game (approving the game puts it live), so it is counted once, with the game.
 */
export function waitingForReview(pendingGames: readonly unknown[] | undefined, builds: readonly { gameStatus: string }[] | undefined): number | undefined {
  if (!pendingGames || !builds) return undefined;
  return pendingGames.length + builds.filter((build) => build.gameStatus !== 'PENDING').length;
}
