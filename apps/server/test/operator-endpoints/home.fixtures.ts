// Audit-walker fixtures for the home's banner carousel and announcement line (issue 26,
// decision 0134): each replaces its setting with a harmless valid value.
import type { OperatorFixtures } from './fixture';

const loc = (text: string) => ({ th: `${text} th`, la: `${text} la`, en: `${text} en` });

export const fixtures: OperatorFixtures = {
  'PUT /api/operator/settings/banners': async () => ({
    body: {
      banners: [
        {
          image: {
            th: '/api/promotions/art/home-welcome-th.jpg',
            la: '/api/promotions/art/home-welcome-la.jpg',
            en: '/api/promotions/art/home-welcome-en.jpg',
          },
          alt: loc('walker slide'),
          link: '/user/bonus',
          active: true,
          startsAt: null,
          endsAt: null,
        },
      ],
    },
  }),
  'PUT /api/operator/settings/announcement': async () => ({
    body: { enabled: true, text: loc('walker announcement') },
  }),
};
