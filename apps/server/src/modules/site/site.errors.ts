import { DomainError } from '../../lib/domain-error';

/** HTTP 410 `{ message: 'gone' }`: the client goes to /terminated (decision 0002). */
export class SiteGoneError extends DomainError {
  constructor() {
    super('gone', 410);
  }
}
