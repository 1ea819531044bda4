import { Suspense, use, type ReactNode } from 'react';
import type { Info } from '@/lib/api/get-info';

/** Renders with the operator info once the loader's promise settles (null on failure). */
function Resolved({
  info,
  children,
}: {
  info: Promise<Info | null>;
  children: (info: Info | null) => ReactNode;
}) {
  return children(use(info));
}

export function OperatorInfo({
  info,
  fallback = null,
  children,
}: {
  info: Promise<Info | null>;
  fallback?: ReactNode;
  children: (info: Info | null) => ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Resolved info={info}>{children}</Resolved>
    </Suspense>
  );
}
