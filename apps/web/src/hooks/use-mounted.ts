import { useEffect, useState } from 'react';

/**
 * False in the render a server makes (effects never run there) and in the browser's first
 * render; true once mounted. For what a page rendered on the server leaves to the app
 * (decision 0159): both renders then agree, so the take-over changes nothing on screen.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
