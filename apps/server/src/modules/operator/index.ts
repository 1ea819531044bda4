export { operatorRoutes } from './operator.routes';
export {
  findOperator,
  insertOperator,
  setOperatorPassword,
  setOperatorTotpSecret,
} from './operator.repository';
export { operatorAccountRoutes } from './operator.accounts.routes';
export { operatorIdentity, operatorUsernames } from './operator.names';
// Controls a second admin approves (decision 0117): the threshold, admin counts.
export { activeAdminCount, setThresholdChecked } from './operator.controls';
