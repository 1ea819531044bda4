// Lets shared code (the API client) navigate without importing the router: the app layer
// registers the router's navigate function at start-up; before that a full page load is used.
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
