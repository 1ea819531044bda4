export { operatorRoutes } from './operator.routes';
export {
  findOperator,
  insertOperator,
  setOperatorPassword,
  setOperatorTotpSecret,
} from './operator.repository';
export { operatorUsernames } from './operator.names';
