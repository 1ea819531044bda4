// TanStack Query lives in this lazily loaded module: routes that read server state sit under
// <QueryLayout>, so pages without it (login) do not download the library on first load
// (decision 0006).
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { onSessionCleared } from '@/lib/session';
import { createQueryClient } from '@/app/query-client';

export const queryClient = createQueryClient();

// Member data never outlives the session (logout, a sign-in-again answer, the public shell).
onSessionCleared(() => queryClient.clear());

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
