import { useState } from 'react';
import type { StatusFilter } from '../api';

/** A queue's status filter and page; a new filter goes back to page 1. */
export function useStatusFilter() {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  return {
    status,
    page,
    setPage,
    setStatus: (next: StatusFilter) => {
      setStatus(next);
      setPage(1);
    },
  };
}

export type StatusFilterState = ReturnType<typeof useStatusFilter>;
