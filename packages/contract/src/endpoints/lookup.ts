import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import {
  bankSchema,
  contactSchema,
  depositLookupSchema,
  infoSchema,
  slipLookupSchema,
  sourceSchema,
  withdrawLookupSchema,
} from '../entities';

// Lookups (spec section 7). Operator content is answered in the caller's language
// (Accept-Language: th | la | en; decision 0002). deposit, withdraw and agreements are
// member-side lookups and need a token.
export const lookupEndpoints = {
  banks: endpoint({
    ...routes.lookup.banks,
    summary: 'Banks a member may register',
    response: z.array(bankSchema),
    milestone: 2,
  }),
  deposit: endpoint({
    ...routes.lookup.deposit,
    summary: 'Operator accounts and wallets to deposit to',
    response: depositLookupSchema,
    milestone: 2,
  }),
  conditions: endpoint({
    ...routes.lookup.conditions,
    summary: 'Conditions (HTML strings)',
    response: z.array(z.string()),
    milestone: 2,
  }),
  agreements: endpoint({
    ...routes.lookup.agreements,
    summary: 'User agreement (HTML strings)',
    response: z.object({ agreements: z.array(z.string()) }),
    milestone: 2,
  }),
  info: endpoint({
    ...routes.lookup.info,
    summary: 'Operator name and website',
    response: infoSchema,
    milestone: 2,
  }),
  notice: endpoint({
    ...routes.lookup.notice,
    summary: 'Bonus notice; %percentFail% is replaced by the client',
    response: z.object({ notice: z.string() }),
    milestone: 2,
  }),
  contact: endpoint({
    ...routes.lookup.contact,
    summary: 'Contact page content',
    response: contactSchema,
    milestone: 2,
  }),
  withdraw: endpoint({
    ...routes.lookup.withdraw,
    summary: 'Withdraw bounds in baht',
    response: withdrawLookupSchema,
    milestone: 2,
  }),
  slip: endpoint({
    ...routes.lookup.slip,
    summary: 'Slip upload rules',
    response: slipLookupSchema,
    milestone: 2,
  }),
  sources: endpoint({
    ...routes.lookup.sources,
    summary: 'Sources of discovery',
    response: z.array(sourceSchema),
    milestone: 2,
  }),
  active: endpoint({
    ...routes.lookup.active,
    summary: "Site status; terminated is 'gone' when flagged",
    response: z.object({ terminated: z.string().nullable() }),
    milestone: 2,
  }),
  registerOTP: endpoint({
    ...routes.lookup.registerOTP,
    summary: 'Whether registration asks for an OTP',
    response: z.object({ registerOTP: z.boolean() }),
    milestone: 2,
  }),
  enableChatWidget: endpoint({
    ...routes.lookup.enableChatWidget,
    summary: 'Whether the chat widget is shown',
    response: z.object({ enableChatWidget: z.boolean() }),
    milestone: 2,
  }),
};
