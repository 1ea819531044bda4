/**
 * Settles in a later task (a macrotask): what runs after it runs after the browser has had a
 * chance to handle a tap and paint. Long start-up work is cut into tasks this way so that none
 * holds a slow phone's main thread for long (decision 0163).
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
