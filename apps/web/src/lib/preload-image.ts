// An image the page will show soon, fetched now at high priority: what react-dom's
// `preload(href, { as: 'image' })` did before the member app moved to Preact (decision 0158),
// which has no resource hints. Once per address: a link already in the head (this helper's,
// or early-requests.js's on the home) is not added again.

/** Adds `<link rel="preload" as="image" fetchpriority="high">` for `href` unless present. */
export function preloadImage(href: string): void {
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')) {
    if (link.getAttribute('href') === href) return;
  }
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  document.head.appendChild(link);
}
