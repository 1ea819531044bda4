export { operatorRoutes } from './operator.routes';
export { findOperator, insertOperator, setOperatorPassword } from './operator.repository';
