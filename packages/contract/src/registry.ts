import type { EndpointDef } from './endpoint';
import { accountEndpoints, authEndpoints, otpEndpoints } from './endpoints/account';
import { autoLoginEndpoints } from './endpoints/autologin';
import { chatEndpoints } from './endpoints/chat';
import { qrEndpoints } from './endpoints/deposit';
import { homeEndpoints, operatorHomeEndpoints } from './endpoints/home-promotions';
import { lookupEndpoints } from './endpoints/lookup';
import { operatorEndpoints } from './endpoints/operator';
import { operatorInviteRefundEndpoints } from './endpoints/operator-invite-refund';
import { operatorBonusEndpoints } from './endpoints/operator-bonus';
import { operatorSpinEndpoints } from './endpoints/operator-spin';
import { operatorMembersEndpoints } from './endpoints/operator-members';
import {
  operatorTransfersEndpoints,
  operatorWithdrawalsEndpoints,
} from './endpoints/operator-withdrawals';
import { operatorSettingsEndpoints } from './endpoints/operator-settings';
import { operatorDashboardEndpoints, operatorReportsEndpoints } from './endpoints/operator-reports';
import { operatorPromotionsEndpoints } from './endpoints/operator-promotions';
import { operatorDepositsEndpoints } from './endpoints/operator-deposits';
import {
  operatorAccountEndpoints,
  operatorAdjustmentEndpoints,
} from './endpoints/operator-approvals';
import {
  bonusEndpoints,
  inviteEndpoints,
  promotionEndpoints,
  refundEndpoints,
  spinEndpoints,
} from './endpoints/promo';
import { operatorChatEndpoints } from './endpoints/operator-chat';
import { operatorHarmEndpoints } from './endpoints/operator-harm';
import { operatorProtectionEndpoints, protectionEndpoints } from './endpoints/protection';
import { operatorRequestEndpoints } from './endpoints/operator-requests';
import { pushEndpoints } from './endpoints/push';
import { statementEndpoints } from './endpoints/statement';
import { walletEndpoints } from './endpoints/wallet';

/** Every endpoint of the contract, grouped as the spec's section 7 groups them. */
export const api = {
  lookup: lookupEndpoints,
  home: homeEndpoints,
  account: accountEndpoints,
  auth: authEndpoints,
  otp: otpEndpoints,
  chat: chatEndpoints,
  wallet: walletEndpoints,
  invite: inviteEndpoints,
  refund: refundEndpoints,
  spin: spinEndpoints,
  qr: qrEndpoints,
  bonus: bonusEndpoints,
  promotion: promotionEndpoints,
  statement: statementEndpoints,
  autoLogin: autoLoginEndpoints,
  protection: protectionEndpoints,
  push: pushEndpoints,
  operator: operatorEndpoints,
  operatorInviteRefund: operatorInviteRefundEndpoints,
  operatorBonus: operatorBonusEndpoints,
  operatorSpin: operatorSpinEndpoints,
  operatorAdjustments: operatorAdjustmentEndpoints,
  operatorAccounts: operatorAccountEndpoints,
  operatorRequests: operatorRequestEndpoints,
  operatorWithdrawals: operatorWithdrawalsEndpoints,
  operatorTransfers: operatorTransfersEndpoints,
  operatorMembers: operatorMembersEndpoints,
  operatorSettings: operatorSettingsEndpoints,
  operatorHome: operatorHomeEndpoints,
  operatorDashboard: operatorDashboardEndpoints,
  operatorReports: operatorReportsEndpoints,
  operatorChat: operatorChatEndpoints,
  operatorPromotions: operatorPromotionsEndpoints,
  operatorDeposits: operatorDepositsEndpoints,
  operatorProtection: operatorProtectionEndpoints,
  operatorHarm: operatorHarmEndpoints,
} as const;

export interface NamedEndpoint {
  group: string;
  name: string;
  def: EndpointDef;
}

/** All endpoints as a flat list (route coverage tests, OpenAPI). */
export function allEndpoints(): NamedEndpoint[] {
  return Object.entries(api).flatMap(([group, defs]) =>
    Object.entries(defs as Record<string, EndpointDef>).map(([name, def]) => ({
      group,
      name,
      def,
    })),
  );
}
