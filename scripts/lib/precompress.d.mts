/** Writes `.br` and `.gz` beside every text file of 1 KB or more under `dir` (not `.vite/`). */
export function precompressDir(dir: string): void;
