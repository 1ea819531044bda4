// The route table: each endpoint's method, path, access and transport facts, as plain data.
// It imports nothing, so the web app can read it (`@wallet/contract/routes`) without zod;
// the zod entries in `endpoints/*.ts` spread their entry from here (one home, decision 0067)
// and registry.test.ts checks that both list the same endpoints.

/**
 * Who may call an endpoint.
 * - public: anyone (still needs the wallet-user header);
 * - member: a signed-in member's bearer token;
 * - operator: an operator's bearer token (back-office actions; never a member's).
 */
export type Access = 'public' | 'member' | 'operator';

/**
 * Operator roles (issue 13, decision 0086). `admin` may call every operator endpoint and
 * manages operators; each operator endpoint lists the other roles that may call it.
 */
export const OPERATOR_ROLES = ['admin', 'cashier', 'support', 'marketing'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Every role: for calls any signed-in operator may make (sign-out, who am I). */
const EVERY_ROLE = ['cashier', 'support', 'marketing'] as const;
const CASHIER = ['cashier'] as const;
const MARKETING = ['marketing'] as const;
/** Money reports (decision 0094): the cashiers who move it and marketing who spends it. */
const REPORTS = ['cashier', 'marketing'] as const;
const ADMIN_ONLY = [] as const;
/** The support chat's agents (issue 14). */
const CHAT = ['support'] as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How one endpoint is reached; see `EndpointDef` in endpoint.ts for each field. */
export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path, `:param` for path parameters. */
  path: string;
  access: Access;
  idempotent?: true;
  multipart?: true;
  timeoutMs?: number;
  /**
   * Operator endpoints only, and required there: the roles besides `admin` that may call it
   * (`[]`: admin only). Anyone else gets 403 UNAUTHORIZED (decision 0086).
   */
  roles?: readonly OperatorRole[];
  /**
   * An answer that is not JSON (decision 0094): the response schema is `z.string()` and the
   * server sends the text as a file of this type, UTF-8. Only GET endpoints.
   */
  contentType?: 'text/csv' | 'application/octet-stream';
  /**
   * A GET of member data that is audited like a change (decision 0119): the member page and
   * its tabs, CSV exports. Operator endpoints only.
   */
  auditRead?: true;
}

export const routes = {
  lookup: {
    banks: { method: 'GET', path: '/api/lookup/banks', access: 'public' },
    deposit: { method: 'GET', path: '/api/lookup/deposit', access: 'member' },
    conditions: { method: 'GET', path: '/api/lookup/conditions', access: 'public' },
    agreements: { method: 'GET', path: '/api/lookup/agreements', access: 'member' },
    info: { method: 'GET', path: '/api/lookup/info', access: 'public' },
    notice: { method: 'GET', path: '/api/lookup/notice', access: 'public' },
    contact: { method: 'GET', path: '/api/lookup/contact', access: 'public' },
    withdraw: { method: 'GET', path: '/api/lookup/withdraw', access: 'member' },
    slip: { method: 'GET', path: '/api/lookup/slip', access: 'public' },
    sources: { method: 'GET', path: '/api/lookup/sources', access: 'public' },
    active: { method: 'GET', path: '/api/lookup/active', access: 'public' },
    registerOTP: { method: 'GET', path: '/api/lookup/registerOTP', access: 'public' },
    enableChatWidget: { method: 'GET', path: '/api/lookup/enableChatWidget', access: 'public' },
  },
  /** The home's banner carousel and announcement line (issue 26, decision 0134). */
  home: {
    promotions: { method: 'GET', path: '/api/home/promotions', access: 'member' },
  },
  account: {
    validate: { method: 'POST', path: '/api/account/validate', access: 'public' },
    register: { method: 'POST', path: '/api/account', access: 'public' },
    getProfile: { method: 'GET', path: '/api/account/profile', access: 'member' },
    updateProfile: { method: 'PUT', path: '/api/account/profile', access: 'member' },
    updateBankAccountName: {
      method: 'PUT',
      path: '/api/account/bankAccountName',
      access: 'member',
    },
    changePassword: { method: 'PUT', path: '/api/account/changepwd', access: 'member' },
  },
  auth: {
    login: { method: 'POST', path: '/api/login', access: 'public' },
    logout: { method: 'POST', path: '/api/logout', access: 'member' },
  },
  otp: {
    send: { method: 'POST', path: '/api/otp/send', access: 'public' },
    verify: { method: 'POST', path: '/api/otp/verify', access: 'public' },
  },
  chat: {
    config: { method: 'GET', path: '/api/chat/config', access: 'public' },
    send: { method: 'POST', path: '/api/chat/send-message', access: 'public' },
    history: { method: 'POST', path: '/api/chat/history', access: 'public' },
    uploadImage: {
      method: 'POST',
      path: '/api/chat/upload-image',
      access: 'public',
      multipart: true,
      timeoutMs: 300_000,
    },
    uploadVideo: {
      method: 'POST',
      path: '/api/chat/upload-video',
      access: 'public',
      multipart: true,
      timeoutMs: 300_000,
    },
    readCustomer: { method: 'PUT', path: '/api/chat/read-customer/', access: 'public' },
  },
  wallet: {
    get: { method: 'GET', path: '/api/wallet', access: 'member' },
    refreshSlots: { method: 'GET', path: '/api/wallet/refresh/slot', access: 'member' },
    activate: { method: 'GET', path: '/api/wallet/activate/:code', access: 'member' },
    account: { method: 'GET', path: '/api/wallet/account/:code', access: 'member' },
    resetPassword: { method: 'GET', path: '/api/wallet/resetpassword/:code', access: 'member' },
    launch: { method: 'GET', path: '/api/wallet/launch/:code', access: 'member' },
    add: { method: 'POST', path: '/api/wallet/add', access: 'member', idempotent: true },
    transfer: { method: 'POST', path: '/api/wallet/transfer', access: 'member', idempotent: true },
    transferAll: {
      method: 'POST',
      path: '/api/wallet/transferAll',
      access: 'member',
      idempotent: true,
    },
    withdraw: { method: 'POST', path: '/api/wallet/withdraw', access: 'member', idempotent: true },
    withdrawAll: {
      method: 'POST',
      path: '/api/wallet/withdrawAll',
      access: 'member',
      idempotent: true,
    },
    slip: {
      method: 'POST',
      path: '/api/wallet/slip',
      access: 'member',
      idempotent: true,
      multipart: true,
      timeoutMs: 300_000,
    },
    truelink: { method: 'POST', path: '/api/wallet/truelink', access: 'member', idempotent: true },
  },
  invite: {
    list: { method: 'POST', path: '/api/invite', access: 'member' },
    claim: { method: 'GET', path: '/api/invite/bonus', access: 'member' },
    banners: { method: 'GET', path: '/api/invite/banners', access: 'member' },
  },
  refund: {
    list: { method: 'POST', path: '/api/refund', access: 'member' },
    check: { method: 'GET', path: '/api/refund/check', access: 'member' },
    receive: { method: 'GET', path: '/api/refund/receive', access: 'member' },
    addWallet: { method: 'GET', path: '/api/refund/addWallet', access: 'member' },
    banners: { method: 'GET', path: '/api/refund/banners', access: 'member' },
  },
  spin: {
    setup: { method: 'GET', path: '/api/spinwheel/setup', access: 'member' },
    spin: { method: 'POST', path: '/api/spinwheel/spin', access: 'member', idempotent: true },
    coupons: { method: 'GET', path: '/api/spinwheel/coupon', access: 'member' },
    claim: {
      method: 'POST',
      path: '/api/spinwheel/coupon/claim',
      access: 'member',
      idempotent: true,
    },
    active: { method: 'GET', path: '/api/spinwheel/active', access: 'member' },
  },
  qr: {
    get: { method: 'GET', path: '/api/qrcode/:bankCode', access: 'member' },
    create: { method: 'POST', path: '/api/qrcode/:bankCode', access: 'member', idempotent: true },
    cancel: { method: 'DELETE', path: '/api/qrcode/:qrcodeId', access: 'member' },
  },
  bonus: {
    list: { method: 'GET', path: '/api/bonus', access: 'member' },
    activate: { method: 'GET', path: '/api/bonus/activate/:code', access: 'member' },
    checkActive: { method: 'GET', path: '/api/bonus/check/active', access: 'member' },
    checkMinimum: { method: 'GET', path: '/api/bonus/check/minimum', access: 'member' },
    clear: { method: 'GET', path: '/api/bonus/clear', access: 'member' },
    /** Ours (decision 0071): the member's turnover conditions and their progress. */
    turnover: { method: 'GET', path: '/api/bonus/turnover', access: 'member' },
  },
  promotion: {
    current: { method: 'GET', path: '/api/promotion/current', access: 'member' },
    find: { method: 'GET', path: '/api/promotion/find/:code', access: 'member' },
    activate: { method: 'GET', path: '/api/promotion/activate/:code', access: 'member' },
  },
  statement: {
    list: { method: 'POST', path: '/api/statement', access: 'member' },
    /** The statement of a range as a file, CSV or PDF (issue 28, decision 0145). */
    export: {
      method: 'GET',
      path: '/api/statement/export',
      access: 'member',
      contentType: 'application/octet-stream',
    },
    slips: { method: 'POST', path: '/api/statement/slip', access: 'member' },
    slipByReference: {
      method: 'GET',
      path: '/api/statement/slip/reference/:reference',
      access: 'member',
    },
  },
  autoLogin: {
    pg: { method: 'GET', path: '/api/autoLogin/pg/:username', access: 'member' },
    betflix: { method: 'GET', path: '/api/autoLogin/betflix/:username', access: 'member' },
    askmebet: {
      method: 'GET',
      path: '/api/autoLogin/askmebet/:username/:password',
      access: 'member',
    },
    imi: { method: 'GET', path: '/api/autoLogin/imi/:username/:password', access: 'member' },
    usun: { method: 'GET', path: '/api/autoLogin/usun/:username/:password', access: 'member' },
    areaslot: { method: 'GET', path: '/api/autoLogin/areaslot/:username', access: 'member' },
    circus: { method: 'GET', path: '/api/autoLogin/circus/:username/:password', access: 'member' },
    slotracha: {
      method: 'GET',
      path: '/api/autoLogin/slotracha/:username/:password',
      access: 'member',
    },
    pgslot: { method: 'GET', path: '/api/autoLogin/pgslot/:username/:password', access: 'member' },
    joker2: { method: 'GET', path: '/api/autoLogin/joker2/:username', access: 'member' },
    huayhd: { method: 'GET', path: '/api/autoLogin/huayhd/:username', access: 'member' },
  },
  operator: {
    login: { method: 'POST', path: '/api/operator/login', access: 'public' },
    loginTotp: { method: 'POST', path: '/api/operator/login/totp', access: 'public' },
    me: { method: 'GET', path: '/api/operator/me', access: 'operator', roles: EVERY_ROLE },
    logout: {
      method: 'POST',
      path: '/api/operator/logout',
      access: 'operator',
      roles: EVERY_ROLE,
    },
    logoutEverywhere: {
      method: 'POST',
      path: '/api/operator/logout/all',
      access: 'operator',
      roles: EVERY_ROLE,
    },
    /** Every operator changes their own password (decision 0117). */
    changePassword: {
      method: 'PUT',
      path: '/api/operator/password',
      access: 'operator',
      roles: EVERY_ROLE,
    },
    audit: { method: 'GET', path: '/api/operator/audit', access: 'operator', roles: ADMIN_ONLY },
    setSite: { method: 'PUT', path: '/api/operator/site', access: 'operator', roles: ADMIN_ONLY },
    setRegisterOtp: {
      method: 'PUT',
      path: '/api/operator/settings/registerOTP',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    adjust: {
      method: 'POST',
      path: '/api/operator/adjustments',
      access: 'operator',
      idempotent: true,
      roles: CASHIER,
    },
    listWithdrawals: {
      method: 'GET',
      path: '/api/operator/withdrawals',
      access: 'operator',
      roles: CASHIER,
    },
    decideWithdrawal: {
      method: 'POST',
      path: '/api/operator/withdrawals/:id',
      access: 'operator',
      roles: CASHIER,
    },
    changeMemberBank: {
      method: 'PUT',
      path: '/api/operator/members/:memberId/bank',
      access: 'operator',
      roles: CASHIER,
    },
  },
  /** Ours (decisions 0071, 0074): the invite bonus and refund settings. */
  operatorInviteRefund: {
    getInvite: {
      method: 'GET',
      path: '/api/operator/settings/invite',
      access: 'operator',
      roles: MARKETING,
    },
    setInvite: {
      method: 'PUT',
      path: '/api/operator/settings/invite',
      access: 'operator',
      roles: MARKETING,
    },
    getRefund: {
      method: 'GET',
      path: '/api/operator/settings/refund',
      access: 'operator',
      roles: MARKETING,
    },
    setRefund: {
      method: 'PUT',
      path: '/api/operator/settings/refund',
      access: 'operator',
      roles: MARKETING,
    },
  },
  /** Lookup content (marketing) and money and site settings (admin): decision 0093. */
  operatorSettings: {
    getContent: {
      method: 'GET',
      path: '/api/operator/settings/content',
      access: 'operator',
      roles: MARKETING,
    },
    setInfo: {
      method: 'PUT',
      path: '/api/operator/settings/info',
      access: 'operator',
      roles: MARKETING,
    },
    setContact: {
      method: 'PUT',
      path: '/api/operator/settings/contact',
      access: 'operator',
      roles: MARKETING,
    },
    setConditions: {
      method: 'PUT',
      path: '/api/operator/settings/conditions',
      access: 'operator',
      roles: MARKETING,
    },
    setAgreements: {
      method: 'PUT',
      path: '/api/operator/settings/agreements',
      access: 'operator',
      roles: MARKETING,
    },
    setNotice: {
      method: 'PUT',
      path: '/api/operator/settings/notice',
      access: 'operator',
      roles: MARKETING,
    },
    getSite: {
      method: 'GET',
      path: '/api/operator/settings/site',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    setDeposit: {
      method: 'PUT',
      path: '/api/operator/settings/deposit',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    setWithdraw: {
      method: 'PUT',
      path: '/api/operator/settings/withdraw',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    setSlip: {
      method: 'PUT',
      path: '/api/operator/settings/slip',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    setChat: {
      method: 'PUT',
      path: '/api/operator/settings/chat',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
  },
  /** The home's banner slides and announcement line (issue 26, decision 0134): marketing. */
  operatorHome: {
    get: {
      method: 'GET',
      path: '/api/operator/settings/home',
      access: 'operator',
      roles: MARKETING,
    },
    setBanners: {
      method: 'PUT',
      path: '/api/operator/settings/banners',
      access: 'operator',
      roles: MARKETING,
    },
    setAnnouncement: {
      method: 'PUT',
      path: '/api/operator/settings/announcement',
      access: 'operator',
      roles: MARKETING,
    },
  },
  /** The operator's bonus definitions and promotion codes (issue 12, decision 0071). */
  operatorBonus: {
    listBonuses: {
      method: 'GET',
      path: '/api/operator/bonuses',
      access: 'operator',
      roles: MARKETING,
    },
    createBonus: {
      method: 'POST',
      path: '/api/operator/bonuses',
      access: 'operator',
      roles: MARKETING,
    },
    updateBonus: {
      method: 'PUT',
      path: '/api/operator/bonuses/:code',
      access: 'operator',
      roles: MARKETING,
    },
    listPromotions: {
      method: 'GET',
      path: '/api/operator/promotions',
      access: 'operator',
      roles: MARKETING,
    },
    createPromotion: {
      method: 'POST',
      path: '/api/operator/promotions',
      access: 'operator',
      roles: MARKETING,
    },
    updatePromotion: {
      method: 'PUT',
      path: '/api/operator/promotions/:code',
      access: 'operator',
      roles: MARKETING,
    },
  },
  /** The operator's spin wheel API (decision 0082). */
  operatorSpin: {
    wheels: {
      method: 'GET',
      path: '/api/operator/spin/wheels',
      access: 'operator',
      roles: MARKETING,
    },
    createWheel: {
      method: 'POST',
      path: '/api/operator/spin/wheels',
      access: 'operator',
      roles: MARKETING,
    },
    updateWheel: {
      method: 'PUT',
      path: '/api/operator/spin/wheels/:wheelId',
      access: 'operator',
      roles: MARKETING,
    },
    createSlice: {
      method: 'POST',
      path: '/api/operator/spin/wheels/:wheelId/slices',
      access: 'operator',
      roles: MARKETING,
    },
    updateSlice: {
      method: 'PUT',
      path: '/api/operator/spin/slices/:sliceId',
      access: 'operator',
      roles: MARKETING,
    },
    coupons: {
      method: 'GET',
      path: '/api/operator/spin/coupons',
      access: 'operator',
      roles: MARKETING,
    },
    settings: {
      method: 'GET',
      path: '/api/operator/spin/settings',
      access: 'operator',
      roles: MARKETING,
    },
    setSettings: {
      method: 'PUT',
      path: '/api/operator/spin/settings',
      access: 'operator',
      roles: MARKETING,
    },
  },
  /** The withdrawals queue of the operator console (issue 13, decision 0090). */
  operatorWithdrawals: {
    queue: {
      method: 'GET',
      path: '/api/operator/withdrawals/queue',
      access: 'operator',
      roles: CASHIER,
    },
    retryPayout: {
      method: 'POST',
      path: '/api/operator/withdrawals/:id/retry',
      access: 'operator',
      roles: CASHIER,
    },
  },
  /** Provider transfers being confirmed by the reconciler (issue 13, decision 0090). */
  operatorTransfers: {
    list: { method: 'GET', path: '/api/operator/transfers', access: 'operator', roles: CASHIER },
    askAgain: {
      method: 'POST',
      path: '/api/operator/transfers/:ref/ask',
      access: 'operator',
      roles: CASHIER,
    },
  },
  /**
   * Player protection (issue 28, decision 0139): the member's own limits, time-out,
   * self-exclusion and reality check.
   */
  protection: {
    state: { method: 'GET', path: '/api/protection', access: 'member' },
    setLimit: { method: 'PUT', path: '/api/protection/limits', access: 'member' },
    confirmLimit: { method: 'POST', path: '/api/protection/limits/confirm', access: 'member' },
    timeOut: { method: 'POST', path: '/api/protection/time-out', access: 'member' },
    selfExclude: { method: 'POST', path: '/api/protection/self-exclusion', access: 'member' },
    realityCheck: { method: 'PUT', path: '/api/protection/reality-check', access: 'member' },
  },
  /**
   * Web Push for money events (issue 29, decision 0152): the public VAPID key, this device's
   * subscription, and the member's per-kind choices.
   */
  push: {
    config: { method: 'GET', path: '/api/push/config', access: 'public' },
    subscribe: { method: 'POST', path: '/api/push/subscriptions', access: 'member' },
    unsubscribe: { method: 'DELETE', path: '/api/push/subscriptions', access: 'member' },
    preferences: { method: 'GET', path: '/api/push/preferences', access: 'member' },
    setPreferences: { method: 'PUT', path: '/api/push/preferences', access: 'member' },
  },
  /**
   * A member's protection in the console (issue 28, decision 0139): cashier and support read
   * it and apply a time-out or self-exclusion the member asked for (never shorter, never
   * lifted). Marketing never sees it.
   */
  operatorProtection: {
    member: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/protection',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    timeOut: {
      method: 'POST',
      path: '/api/operator/members/:memberNo/protection/time-out',
      access: 'operator',
      roles: ['cashier', 'support'],
    },
    selfExclude: {
      method: 'POST',
      path: '/api/operator/members/:memberNo/protection/self-exclusion',
      access: 'operator',
      roles: ['cashier', 'support'],
    },
  },
  /**
   * Markers of harm (issue 28, decision 0146): the queue of members whose behaviour over the
   * last 30 days matches a marker, operators' notes and the "contacted" mark; the thresholds
   * (admins change them); and how many members use each protection tool. Support reads and
   * writes (admin always); marketing and cashier never see it.
   */
  operatorHarm: {
    queue: { method: 'GET', path: '/api/operator/harm', access: 'operator', roles: ['support'] },
    addNote: {
      method: 'POST',
      path: '/api/operator/harm/:memberNo/notes',
      access: 'operator',
      roles: ['support'],
    },
    contacted: {
      method: 'POST',
      path: '/api/operator/harm/:memberNo/contacted',
      access: 'operator',
      roles: ['support'],
    },
    settings: {
      method: 'GET',
      path: '/api/operator/harm/settings',
      access: 'operator',
      roles: ['support'],
    },
    saveSettings: {
      method: 'PUT',
      path: '/api/operator/harm/settings',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    /** Aggregate counts only: the reports section shows them to cashiers too. */
    tools: {
      method: 'GET',
      path: '/api/operator/harm/tools',
      access: 'operator',
      roles: ['cashier', 'support'],
    },
  },
  /**
   * The members section of the operator console (issue 13, decision 0088): search, the member
   * page and its tabs (cashier and support read), notes (support writes them too), and the
   * account actions (cashier).
   */
  operatorMembers: {
    search: {
      method: 'GET',
      path: '/api/operator/members',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    member: {
      method: 'GET',
      path: '/api/operator/members/:memberNo',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    ledger: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/ledger',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    statement: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/statement',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    deposits: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/deposits',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    withdrawals: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/withdrawals',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    slips: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/slips',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    bonuses: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/bonuses',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    sessions: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/sessions',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    bankChanges: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/bank-changes',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    notes: {
      method: 'GET',
      path: '/api/operator/members/:memberNo/notes',
      access: 'operator',
      roles: ['cashier', 'support'],
      auditRead: true,
    },
    addNote: {
      method: 'POST',
      path: '/api/operator/members/:memberNo/notes',
      access: 'operator',
      roles: ['cashier', 'support'],
    },
    revokeSession: {
      method: 'POST',
      path: '/api/operator/members/:memberNo/sessions/:sessionId/revoke',
      access: 'operator',
      roles: CASHIER,
    },
    deactivate: {
      method: 'POST',
      path: '/api/operator/members/:memberNo/deactivate',
      access: 'operator',
      roles: CASHIER,
    },
    reactivate: {
      method: 'POST',
      path: '/api/operator/members/:memberNo/reactivate',
      access: 'operator',
      roles: CASHIER,
    },
    resetPassword: {
      method: 'POST',
      path: '/api/operator/members/:memberNo/reset-password',
      access: 'operator',
      roles: CASHIER,
    },
  },
  /** The console's dashboard (issue 13, decision 0094). */
  operatorDashboard: {
    dashboard: {
      method: 'GET',
      path: '/api/operator/dashboard',
      access: 'operator',
      roles: EVERY_ROLE,
    },
  },
  /** Reports by Bangkok day and by ledger account kind, as JSON and as CSV (decision 0094). */
  operatorReports: {
    daily: {
      method: 'GET',
      path: '/api/operator/reports/daily',
      access: 'operator',
      roles: REPORTS,
    },
    dailyCsv: {
      method: 'GET',
      path: '/api/operator/reports/daily.csv',
      access: 'operator',
      roles: REPORTS,
      contentType: 'text/csv',
      auditRead: true,
    },
    ledger: {
      method: 'GET',
      path: '/api/operator/reports/ledger',
      access: 'operator',
      roles: REPORTS,
    },
    ledgerCsv: {
      method: 'GET',
      path: '/api/operator/reports/ledger.csv',
      access: 'operator',
      roles: REPORTS,
      contentType: 'text/csv',
      auditRead: true,
    },
  },
  /** The console's promotions section: usage, a code's uses, coupons (issue 13, decision 0092). */
  operatorPromotions: {
    usage: {
      method: 'GET',
      path: '/api/operator/bonuses/usage',
      access: 'operator',
      roles: MARKETING,
    },
    promotionUses: {
      method: 'GET',
      path: '/api/operator/promotions/:code/uses',
      access: 'operator',
      roles: MARKETING,
    },
    coupons: {
      method: 'GET',
      path: '/api/operator/coupons',
      access: 'operator',
      roles: MARKETING,
    },
  },
  /** The console's deposits section: QR, slips and their review, gift links (decision 0091). */
  operatorDeposits: {
    qr: { method: 'GET', path: '/api/operator/deposits/qr', access: 'operator', roles: CASHIER },
    slips: {
      method: 'GET',
      path: '/api/operator/deposits/slips',
      access: 'operator',
      roles: CASHIER,
    },
    approveSlip: {
      method: 'POST',
      path: '/api/operator/deposits/slips/:reference/approve',
      access: 'operator',
      idempotent: true,
      roles: CASHIER,
    },
    rejectSlip: {
      method: 'POST',
      path: '/api/operator/deposits/slips/:reference/reject',
      access: 'operator',
      roles: CASHIER,
    },
    giftLinks: {
      method: 'GET',
      path: '/api/operator/deposits/gift-links',
      access: 'operator',
      roles: CASHIER,
    },
  },
  /** Four-eyes adjustments (issue 13, decision 0089): requests above the threshold. */
  operatorAdjustments: {
    listRequests: {
      method: 'GET',
      path: '/api/operator/adjustments/requests',
      access: 'operator',
      roles: CASHIER,
    },
    approveRequest: {
      method: 'POST',
      path: '/api/operator/adjustments/requests/:requestId/approve',
      access: 'operator',
      roles: CASHIER,
    },
    rejectRequest: {
      method: 'POST',
      path: '/api/operator/adjustments/requests/:requestId/reject',
      access: 'operator',
      roles: CASHIER,
    },
    getThreshold: {
      method: 'GET',
      path: '/api/operator/adjustments/threshold',
      access: 'operator',
      roles: CASHIER,
    },
    setThreshold: {
      method: 'PUT',
      path: '/api/operator/adjustments/threshold',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
  },
  /** Operator accounts (issue 13, decision 0089): admin only. */
  operatorAccounts: {
    list: { method: 'GET', path: '/api/operator/operators', access: 'operator', roles: ADMIN_ONLY },
    create: {
      method: 'POST',
      path: '/api/operator/operators',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    update: {
      method: 'PUT',
      path: '/api/operator/operators/:operatorId',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    setStatus: {
      method: 'PUT',
      path: '/api/operator/operators/:operatorId/status',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    resetPassword: {
      method: 'POST',
      path: '/api/operator/operators/:operatorId/password',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    resetTotp: {
      method: 'POST',
      path: '/api/operator/operators/:operatorId/totp/reset',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    signOut: {
      method: 'POST',
      path: '/api/operator/operators/:operatorId/logout',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
  },
  /**
   * Four-eyes requests of the approval kernel (decision 0116): payout-account changes (a
   * cashier or admin other than the requester decides) and changes that weaken a control
   * (another admin decides: decision 0117). Adjustment requests keep their own group.
   */
  operatorRequests: {
    bankRequests: {
      method: 'GET',
      path: '/api/operator/bank-requests',
      access: 'operator',
      roles: CASHIER,
    },
    approveBankRequest: {
      method: 'POST',
      path: '/api/operator/bank-requests/:requestId/approve',
      access: 'operator',
      roles: CASHIER,
    },
    rejectBankRequest: {
      method: 'POST',
      path: '/api/operator/bank-requests/:requestId/reject',
      access: 'operator',
      roles: CASHIER,
    },
    controlRequests: {
      method: 'GET',
      path: '/api/operator/control-requests',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    approveControlRequest: {
      method: 'POST',
      path: '/api/operator/control-requests/:requestId/approve',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
    rejectControlRequest: {
      method: 'POST',
      path: '/api/operator/control-requests/:requestId/reject',
      access: 'operator',
      roles: ADMIN_ONLY,
    },
  },
  /** The support chat's agent inbox (issue 14, decisions 0095 and 0097). */
  operatorChat: {
    conversations: {
      method: 'GET',
      path: '/api/operator/chat/conversations',
      access: 'operator',
      roles: CHAT,
    },
    thread: {
      method: 'GET',
      path: '/api/operator/chat/conversations/:conversationId',
      access: 'operator',
      roles: CHAT,
    },
    reply: {
      method: 'POST',
      path: '/api/operator/chat/conversations/:conversationId/messages',
      access: 'operator',
      roles: CHAT,
    },
    assign: {
      method: 'PUT',
      path: '/api/operator/chat/conversations/:conversationId/assignee',
      access: 'operator',
      roles: CHAT,
    },
    close: {
      method: 'POST',
      path: '/api/operator/chat/conversations/:conversationId/close',
      access: 'operator',
      roles: CHAT,
    },
    addNote: {
      method: 'POST',
      path: '/api/operator/chat/conversations/:conversationId/notes',
      access: 'operator',
      roles: CHAT,
    },
    markRead: {
      method: 'PUT',
      path: '/api/operator/chat/conversations/:conversationId/read',
      access: 'operator',
      roles: CHAT,
    },
    templates: {
      method: 'GET',
      path: '/api/operator/chat/templates',
      access: 'operator',
      roles: CHAT,
    },
    createTemplate: {
      method: 'POST',
      path: '/api/operator/chat/templates',
      access: 'operator',
      roles: CHAT,
    },
    deleteTemplate: {
      method: 'DELETE',
      path: '/api/operator/chat/templates/:templateId',
      access: 'operator',
      roles: CHAT,
    },
    upload: {
      method: 'POST',
      path: '/api/operator/chat/upload',
      access: 'operator',
      roles: CHAT,
      multipart: true,
      timeoutMs: 300_000,
    },
  },
} as const satisfies Record<string, Record<string, RouteDef>>;

export type Routes = typeof routes;

let memberPatterns: { method: string; pattern: RegExp }[] | undefined;

/**
 * Is `method path` one of the table's member-only endpoints (`:param` as any segment)? For the
 * checks that a visitor or a logged-out page asks the server nothing a member would. Built on
 * first use, so a bundle that never calls it carries nothing.
 */
export function isMemberEndpoint(method: string, path: string): boolean {
  memberPatterns ??= Object.values(routes)
    .flatMap((group) => Object.values(group) as RouteDef[])
    .filter((route) => route.access === 'member')
    .map((route) => ({
      method: route.method,
      pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`),
    }));
  return memberPatterns.some((route) => route.method === method && route.pattern.test(path));
}
