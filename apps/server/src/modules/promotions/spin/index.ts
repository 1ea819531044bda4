// The spin wheel feature of the promotions module (decision 0082). Other modules import it
// through the promotions index only.
export { spinRoutes } from './spin.routes';
export { awardCoins, couponLedgerKey, couponReference } from './spin.service';
export { drawSlice } from './spin.draw';
export { seedSpinDemo } from './spin.seed';
