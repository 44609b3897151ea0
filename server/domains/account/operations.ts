import { accountExportOutput, deleteAccountInput, displayNameInput, noInput, okOutput, userOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { NotFound, Validation } from '../errors';
import { deleteAccount, exportAccount, updateDisplayName } from './service';

/** The account page's calls; the account itself is read with GET /api/auth/me. */
export const accountOperations = {
  updateProfile: defineOperation({
    method: 'PUT',
    path: '/me',
    access: 'user',
    summary: 'Change your display name (1 to 40 characters, trimmed); answers the updated user',
    tags: ['account'],
    input: displayNameInput,
    output: userOutput,
    rateLimit: { group: 'account-profile', perIp: 60, perAccount: 30, windowMs: HOUR_MS, account: signedInAccount },
    errors: [NotFound],
    run: ({ ctx, input }) => updateDisplayName(ctx, input.displayName),
  }),
  export: defineOperation({
    method: 'GET',
    path: '/me/export',
    access: 'user',
    summary:
      'Download everything the portal holds about you as one JSON document: profile, favourites, ratings and reviews, ' +
      'scores, play history, submitted games, sessions (without tokens), reports, contact messages, newsletter state, ' +
      'cloud saves, API keys (their prefixes) and webhooks (without secrets)',
    tags: ['account'],
    input: noInput,
    output: accountExportOutput,
    // A download: the browser saves the answer as a file rather than showing it.
    attachmentName: (data) => `playfree-data-${data.exportedAt.slice(0, 10)}.json`,
    rateLimit: { group: 'account-export', perIp: 30, perAccount: 10, windowMs: HOUR_MS, account: signedInAccount },
    errors: [NotFound],
    run: ({ ctx }) => exportAccount(ctx),
  }),
  delete: defineOperation({
    method: 'DELETE',
    path: '/me',
    access: 'user',
    summary:
      "Delete your account: send {email} with the account's e-mail address to confirm. Your ratings, reviews and scores stay, " +
      'shown as "Deleted player"; your sessions end; favourites, saves, API keys and unpublished games are deleted; ' +
      'your published games stay, attributed to no one',
    tags: ['account'],
    input: deleteAccountInput,
    output: okOutput,
    rateLimit: { group: 'account-delete', perIp: 20, perAccount: 10, windowMs: HOUR_MS, account: signedInAccount },
    errors: [Validation, NotFound],
    run: ({ ctx, input }) => deleteAccount(ctx, input.email),
  }),
};
