// Route paths of spec section 2, shared by links, guards and redirects.
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  howto: '/howto',
  contact: '/contact',
  user: '/user',
  home: '/user/home',
  profile: '/user/profile',
  bonus: '/user/bonus',
  statement: '/user/statement',
  userContact: '/user/contact',
  spin: '/user/spin',
  protection: '/user/protection',
  terminated: '/terminated',
} as const;

/** Query parameter carrying the intended URL to /login. */
export const REDIRECT_PARAM = 'redirect';
