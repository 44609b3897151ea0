import { lazyWhenOpened } from '../Deferred/lazyWhenOpened';

/** Loads the dialog (and the form and schema code behind it) only once it is first opened. */
export const LazySignInDialog = lazyWhenOpened(async () => (await import('./SignInDialog')).SignInDialog);
