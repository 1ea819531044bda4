export { lookupRoutes } from './lookup.routes';
export { bankNames } from './lookup.service';
export {
  findBank,
  findSource,
  insertBankIfMissing,
  insertSourceIfMissing,
} from './lookup.repository';
