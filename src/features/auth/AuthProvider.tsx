import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { getQueryKey, TRPCClientError } from '@trpc/react-query';
import type { LoginAnswer, User } from '../../../shared/schemas';
import { useIntl } from '../../i18n';
import { toast } from '../../notify';
import { serverRendered } from '../../first-data';
import { isOffline } from '../../pwa/network';
import { handDevicePlaysToAccount } from '../recent/deviceRecent';
import { getStoredToken, isServiceUnavailable, SESSION_EXPIRED_EVENT, setStoredToken, subscribeToStoredToken, trpc } from '../../trpc';

const hasStoredToken = () => getStoredToken() !== null;
const signedOutOnServer = () => false;

/** Every query but the session check (auth.me), which answers who is signed in rather than for whom. */
function isNotSessionCheck(query: Query): boolean {
  return JSON.stringify(query.queryKey[0]) !== JSON.stringify(getQueryKey(trpc.auth.me)[0]);
}

interface AuthState {
  user: User | null;
  /** True while a stored token is being checked. */
  loading: boolean;
  /** Step 1: answers the session at once, or { status: 'code_sent' } when a code was mailed. */
  login: (email: string) => Promise<LoginAnswer>;
  /** Step 2: finishes signing in with the mailed 8-digit code. */
  verify: (email: string, code: string) => Promise<User>;
  logout: () => Promise<void>;
  /** Revokes every session of this account, on every device, then signs this page out. */
  logoutEverywhere: () => Promise<void>;
  /** Signs this page out without asking the server: the account was deleted, and its sessions with it. */
  forgetSession: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** How soon a session check the server could not answer (503, Retry-After: 5) is asked again. */
const SESSION_RECHECK_MS = 5_000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  // A server-rendered page was rendered signed out: React hydrates it with the server's answer
  // (false), then renders again with the stored session.
  const hasToken = useSyncExternalStore(subscribeToStoredToken, hasStoredToken, signedOutOnServer);
  const me = trpc.auth.me.useQuery(undefined, { enabled: hasToken });
  const loginMutation = trpc.auth.login.useMutation();
  const verifyMutation = trpc.auth.verify.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();
  const logoutEverywhereMutation = trpc.auth.logoutEverywhere.useMutation();

  // The server rendered this page signed out: answers that differ for a signed-in visitor (a game's
  // isFavorited, say) are asked again once the stored session is known.
  useEffect(() => {
    // Not the session check itself: that one runs anyway, and a failure of it is handled below.
    if (serverRendered && getStoredToken() !== null) void queryClient.invalidateQueries({ predicate: isNotSessionCheck });
  }, [queryClient]);

  const refetchMe = me.refetch;
  useEffect(() => {
    if (!me.error) return;
    // An installed app opened with the device offline (issue #6) keeps its session: the check
    // runs again when the connection returns, and until then the page acts signed out.
    if (isOffline()) {
      const recheck = () => void refetchMe();
      window.addEventListener('online', recheck, { once: true });
      return () => window.removeEventListener('online', recheck);
    }
    // A server that cannot answer for now (busy, or its database down: 503) said nothing about the
    // session: it is kept and checked again shortly, while the page shows "We'll be right back".
    if (isServiceUnavailable(me.error)) {
      const recheck = setTimeout(() => void refetchMe(), SESSION_RECHECK_MS);
      return () => clearTimeout(recheck);
    }
    // Spec section 4: otherwise a failed check (network error or an invalid answer) removes the token.
    setStoredToken(null);
    return undefined;
  }, [me.error, refetchMe]);

  /** Every per-user answer (isFavorited, myGames, admin lists) changes with the session. */
  const refreshUserData = useCallback(() => queryClient.resetQueries({ predicate: isNotSessionCheck }), [queryClient]);

  const startSession = useCallback(
    async (user: User, token: string) => {
      utils.auth.me.setData(undefined, user);
      setStoredToken(token);
      // What this device played signed out joins the account's Recently played.
      await handDevicePlaysToAccount((games) => utils.client.recent.merge.mutate({ games }));
      await refreshUserData();
      return user;
    },
    [utils, refreshUserData],
  );

  const login = useCallback(
    async (email: string) => {
      const answer = await loginMutation.mutateAsync({ email });
      if ('token' in answer) await startSession(answer.user, answer.token);
      return answer;
    },
    [loginMutation, startSession],
  );

  const verify = useCallback(
    async (email: string, code: string) => {
      const result = await verifyMutation.mutateAsync({ email, code });
      return startSession(result.user, result.token);
    },
    [verifyMutation, startSession],
  );

  // A revoked or expired token: drop the local session so the UI stops acting signed in.
  useEffect(() => {
    const onExpired = () => {
      setStoredToken(null);
      queryClient.removeQueries({ queryKey: getQueryKey(trpc.auth.me) });
      void refreshUserData();
      toast(
        intl.formatMessage({ id: 'auth.sessionExpired', defaultMessage: 'Session expired' }),
        intl.formatMessage({ id: 'auth.signInAgain', defaultMessage: 'Please sign in again.' }),
        'info',
      );
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [queryClient, refreshUserData, intl]);

  const endSession = useCallback(
    async (revoke: () => Promise<unknown>) => {
      try {
        await revoke();
      } catch (error) {
        if (!(error instanceof TRPCClientError)) throw error;
        console.warn('Logout request failed; clearing the local session anyway', error);
      }
      setStoredToken(null);
      utils.auth.me.setData(undefined, undefined);
      queryClient.removeQueries({ queryKey: getQueryKey(trpc.auth.me) });
      await refreshUserData();
    },
    [utils, queryClient, refreshUserData],
  );
  const logout = useCallback(() => endSession(() => logoutMutation.mutateAsync()), [endSession, logoutMutation]);
  const logoutEverywhere = useCallback(
    () => endSession(() => logoutEverywhereMutation.mutateAsync()),
    [endSession, logoutEverywhereMutation],
  );
  const forgetSession = useCallback(() => endSession(() => Promise.resolve()), [endSession]);

  const value = useMemo<AuthState>(
    () => ({
      user: hasToken && !me.error && me.data ? me.data : null,
      loading: hasToken && me.isPending,
      login,
      verify,
      logout,
      logoutEverywhere,
      forgetSession,
    }),
    [hasToken, me.data, me.error, me.isPending, login, verify, logout, logoutEverywhere, forgetSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
