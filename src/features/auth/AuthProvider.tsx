import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey, TRPCClientError } from '@trpc/react-query';
import type { LoginAnswer, User } from '../../../shared/schemas';
import { toast } from '../../notify';
import { isOffline } from '../../pwa/network';
import { getStoredToken, SESSION_EXPIRED_EVENT, setStoredToken, trpc } from '../../trpc';

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
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const [hasToken, setHasToken] = useState(() => getStoredToken() !== null);
  const me = trpc.auth.me.useQuery(undefined, { enabled: hasToken });
  const loginMutation = trpc.auth.login.useMutation();
  const verifyMutation = trpc.auth.verify.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();
  const logoutEverywhereMutation = trpc.auth.logoutEverywhere.useMutation();

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
    // Spec section 4: otherwise a failed check (network error or an invalid answer) removes the token.
    setStoredToken(null);
    return undefined;
  }, [me.error, refetchMe]);

  /** Every per-user answer (isFavorited, myGames, admin lists) changes with the session. */
  const refreshUserData = useCallback(async () => {
    const meKey = getQueryKey(trpc.auth.me);
    await queryClient.resetQueries({
      predicate: (query) => JSON.stringify(query.queryKey[0]) !== JSON.stringify(meKey[0]),
    });
  }, [queryClient]);

  const startSession = useCallback(
    async (user: User, token: string) => {
      setStoredToken(token);
      utils.auth.me.setData(undefined, user);
      setHasToken(true);
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
      setHasToken(false);
      queryClient.removeQueries({ queryKey: getQueryKey(trpc.auth.me) });
      void refreshUserData();
      toast('Session expired', 'Please sign in again.', 'info');
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [queryClient, refreshUserData]);

  const endSession = useCallback(
    async (revoke: () => Promise<unknown>) => {
      try {
        await revoke();
      } catch (error) {
        if (!(error instanceof TRPCClientError)) throw error;
        console.warn('Logout request failed; clearing the local session anyway', error);
      }
      setStoredToken(null);
      setHasToken(false);
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

  const value = useMemo<AuthState>(
    () => ({
      user: hasToken && !me.error && me.data ? me.data : null,
      loading: hasToken && me.isPending,
      login,
      verify,
      logout,
      logoutEverywhere,
    }),
    [hasToken, me.data, me.error, me.isPending, login, verify, logout, logoutEverywhere],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
