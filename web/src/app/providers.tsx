import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { watchActivity } from '../lib/activity';
import { endSession, followOtherTabs, sessionStore, useSession } from '../lib/session';

function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will answer the same again; network and 5xx failures get two more tries. (The API client's error is
        // known by its status, not its class: importing the client here would put it on the sign-in page.)
        retry: (failures, error) => !(isClientError(error)) && failures < 2,
      },
    },
  });
}

/** While signed in: auto logout after the idle limit, and follow sign-outs of other tabs. */
function SessionWatch() {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  useEffect(() => {
    if (!signedIn) return;
    const stopActivity = watchActivity(() => void endSession('idle'));
    const stopTabs = followOtherTabs();
    return () => {
      stopActivity();
      stopTabs();
    };
  }, [signedIn]);
  return null;
}

/** The page's one query client: start.tsx asks the opening screen's data with it before React renders. */
export const queryClient = makeQueryClient();

export function AppProviders({ children }: { children: ReactNode }) {
  // One seller's data never shows to the next one who signs in on this browser.
  useEffect(
    () =>
      sessionStore.subscribe(() => {
        if (sessionStore.get().status === 'signedOut') queryClient.clear();
      }),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionWatch />
      {children}
    </QueryClientProvider>
  );
}
