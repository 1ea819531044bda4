// The catalogue's type, taken from the Thai catalogue (types only: no text is bundled here).
import type { th } from './th';
import type { Paths, Widen } from './types';

export type Catalog = Widen<typeof th>;
export type MessageKey = Paths<Catalog>;
