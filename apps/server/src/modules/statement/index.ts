// The statement module: the member's statement page, and the API other modules use to
// record and settle rows inside their own transactions.
import type { ModuleFace } from '../../module-face';
import { statementRoutes } from './statement.routes';
export {
  list as listStatement,
  record as recordStatement,
  setStatus as setStatementStatus,
  itemOfMember as statementItemOfMember,
} from './statement.service';
export type {
  RecordInput,
  Related,
  StatementChannel,
  StatementItemSummary,
  StatementStatus,
  StatementType,
} from './statement.service';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'statement',
  routes: [statementRoutes],
};
