export { operatorRoutes } from './operator.routes';
export {
  findOperator,
  insertOperator,
  setOperatorPassword,
  setOperatorTotpSecret,
} from './operator.repository';
export { operatorAccountRoutes } from './operator.accounts.routes';
export { operatorUsernames } from './operator.names';
