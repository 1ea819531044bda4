import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '@/components/toast';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { createConsoleRouter } from './router';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Operators act on what they see: refresh on focus, keep briefly.
        staleTime: 10_000,
        // A refusal is an answer: retry only a failure without one (network, 5xx).
        retry: (count, error) =>
          count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createConsoleRouter);
  const session = useSession();
  // Another operator may sign in next on this screen: nothing cached survives a sign-out.
  useEffect(() => {
    if (!session) queryClient.clear();
  }, [session, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
