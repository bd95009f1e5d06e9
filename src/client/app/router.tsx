import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './layout';

// Every screen is its own chunk, so the landing page ships only what it needs.
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Component = lazy(load);
  return <Component />;
};

export const routes = [
  { path: '/', element: page(() => import('../features/marketing/pages/landing-page')) },
  { path: '/auth', element: page(() => import('../features/auth/pages/auth-page')) },
  { path: '/reset-password', element: page(() => import('../features/auth/pages/reset-password-page')) },
  { path: '/verify-email', element: page(() => import('../features/account/pages/verify-email-page')) },
  { path: '/business-dashboard', element: page(() => import('../features/dashboards/pages/business-dashboard-page')) },
  { path: '/pro-staff-dashboard', element: page(() => import('../features/dashboards/pages/pro-staff-dashboard-page')) },
  { path: '/search', element: page(() => import('../features/directory/pages/directory-page')) },
  { path: '/profile', element: page(() => import('../features/profiles/pages/profile-page')) },
  { path: '/profile/:id', element: page(() => import('../features/profiles/pages/public-profile-page')) },
  { path: '/business/:id', element: page(() => import('../features/branding/pages/business-page')) },
  { path: '/jobs/:id', element: page(() => import('../features/branding/pages/job-page')) },
  { path: '/subscription', element: page(() => import('../features/billing/pages/subscription-page')) },
  { path: '/messages', element: page(() => import('../features/messaging/pages/messages-page')) },
  { path: '/messaging', element: page(() => import('../features/messaging/pages/messaging-page')) },
  { path: '/reviews', element: page(() => import('../features/reviews/pages/reviews-page')) },
  { path: '/advertisements', element: page(() => import('../features/ads/pages/advertisements-page')) },
  { path: '/discount-codes', element: page(() => import('../features/discounts/pages/discount-codes-page')) },
  { path: '/agreements', element: page(() => import('../features/agreements/pages/agreements-page')) },
  { path: '/credentials', element: page(() => import('../features/credentials/pages/credentials-page')) },
  { path: '/agreements/:id', element: page(() => import('../features/agreements/pages/agreement-page')) },
  { path: '/campaigns', element: page(() => import('../features/campaigns/pages/campaigns-page')) },
  { path: '/campaigns/:id', element: page(() => import('../features/campaigns/pages/campaign-page')) },
  { path: '/goals', element: page(() => import('../features/goals/pages/goals-page')) },
  { path: '/goals/:id', element: page(() => import('../features/goals/pages/season-page')) },
  { path: '/events', element: page(() => import('../features/booths/pages/booths-page')) },
  { path: '/gear', element: page(() => import('../features/gear/pages/gear-page')) },
  { path: '/my-gear', element: page(() => import('../features/gear/pages/my-gear-page')) },
  { path: '/flagged-orders', element: page(() => import('../features/fraud/pages/flagged-orders-page')) },
  { path: '/api-tokens', element: page(() => import('../features/api-tokens/pages/api-tokens-page')) },
  { path: '/webhooks', element: page(() => import('../features/webhooks-out/pages/webhooks-page')) },
  { path: '/earnings', element: page(() => import('../features/commissions/pages/earnings-page')) },
  { path: '/notifications', element: page(() => import('../features/notifications/pages/notifications-page')) },
  { path: '/business-analytics', element: page(() => import('../features/analytics/pages/business-analytics-page')) },
  { path: '/promotions', element: page(() => import('../features/promotions/pages/promotions-page')) },
  { path: '/business-features', element: page(() => import('../features/marketing/pages/business-features-page')) },
  { path: '/pro-staff-features', element: page(() => import('../features/marketing/pages/pro-staff-features-page')) },
  { path: '/ecommerce-integration', element: page(() => import('../features/discounts/pages/ecommerce-integration-page')) },
  { path: '/store-integration', element: page(() => import('../features/discounts/pages/store-integration-page')) },
  { path: '/admin', element: page(() => import('../features/admin/pages/admin-page')) },
  { path: '/test-profiles', element: page(() => import('../features/profiles/pages/test-profiles-page')) },
  { path: '/help', element: page(() => import('../features/support/pages/help-page')) },
  { path: '/contact', element: page(() => import('../features/support/pages/contact-page')) },
  { path: '/coaching', element: page(() => import('../features/coaching/pages/coaching-page')) },
  { path: '/privacy-policy', element: page(() => import('../features/marketing/pages/privacy-policy-page')) },
  { path: '/terms-of-service', element: page(() => import('../features/marketing/pages/terms-of-service-page')) },
  { path: '*', element: page(() => import('./not-found-page')) },
];

/** The whole route tree; main.tsx runs it in the browser, entry-prerender.tsx on the build machine. */
export const appRoutes: RouteObject[] = [{ element: <Layout />, children: routes }];

/**
 * Public pages served as prerendered HTML to visitors without a session (see scripts/build-client.mjs), matched on the
 * whole address. The sign-up addresses the site links to, and the native two-factor step, are forms that must work
 * before the app starts (decision record 034).
 */
export const prerenderedPaths = [
  '/', '/business-features', '/pro-staff-features', '/privacy-policy', '/terms-of-service', '/auth', '/search',
  '/auth?mode=signup', '/auth?mode=signup&type=business', '/auth?mode=signup&type=pro_staff', '/auth?step=two-factor',
  // Help Center and Contact Us (decision record 046): the search is a GET form, the contact form posts natively, and
  // its confirmation is prerendered too so a visitor without JavaScript sees that it was sent.
  '/help', '/contact', '/contact?sent=1',
];
