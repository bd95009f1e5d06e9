import type { RequestParams } from 'autocannon';
import type { LoadSeed } from './load-seed';

const SPECIALTIES = ['Bow Hunting', 'Rifle Hunting', 'Duck Hunting', 'Turkey Hunting', 'Deer Hunting', 'Elk Hunting', 'Bear Hunting', 'Predator Hunting', 'Upland Game', 'Fishing Guide'];
const PLACES = ['Bozeman', 'Casper', 'Boise', 'Memphis', 'Anchorage', 'Austin', 'Denver', 'Bend'];
const enc = encodeURIComponent;
const pick = <T>(list: readonly T[], n: number) => list[n % list.length];

/** Directory pages people open: default listing and its first pages, specialty and place filters, text search, the sort options. */
export const directoryUrls: string[] = [
  ...[1, 2, 3, 4, 5].map((page) => `/api/pro-staff-profiles?page=${page}&pageSize=24`),
  ...SPECIALTIES.map((specialty, i) => `/api/pro-staff-profiles?specialty=${enc(specialty)}${['', '&sort=experience', '&sort=newest'][i % 3]}&page=1&pageSize=24`),
  ...SPECIALTIES.slice(0, 4).map((specialty) => `/api/pro-staff-profiles?specialty=${enc(specialty)}&page=2&pageSize=24`),
  ...PLACES.map((place) => `/api/pro-staff-profiles?location=${enc(place)}&page=1&pageSize=24`),
  ...['elk', 'morrison', 'duck guide', 'bozeman', 'sarah'].map((q) => `/api/pro-staff-profiles?q=${enc(q)}&page=1&pageSize=24`),
  `/api/pro-staff-profiles?location=Casper&specialty=${enc('Predator Hunting')}&page=1&pageSize=24`,
  '/api/pro-staff-profiles?verified=true&page=1&pageSize=24',
  `/api/pro-staff-profiles?verified=true&specialty=${enc('Elk Hunting')}&sort=experience&page=1&pageSize=24`,
  '/api/pro-staff-profiles?sort=newest&page=1&pageSize=24',
  '/api/pro-staff-profiles?sort=newest&page=10&pageSize=24',
  '/api/pro-staff-profiles?sort=experience&page=3&pageSize=24',
];

// The unfiltered board is what most visitors see.
const jobListUrls = [
  '/api/job-postings',
  '/api/job-postings',
  '/api/job-postings',
  '/api/job-postings?q=elk',
  '/api/job-postings?q=content%20creator',
  ...PLACES.slice(0, 4).map((place) => `/api/job-postings?location=${enc(place)}`),
  ...SPECIALTIES.slice(0, 4).map((specialty) => `/api/job-postings?specialty=${enc(specialty)}`),
];

export type Scenario = {
  name: string;
  /** Share of requests, out of the sum of all weights. */
  weight: number;
  write: boolean;
  /** The n-th request of this scenario (n counts from 0 for the whole run). */
  build: (n: number) => RequestParams;
};

/** One address per simulated visitor (as a proxy would forward it), so per-IP limits apply per visitor, not to the load generator. */
const VISITORS = 5000;
const visitorIp = (n: number) => {
  const v = (n % VISITORS) + 1;
  return `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}`;
};

export type Session = { userId: number; cookie: string };

/**
 * The mixed workload: about 87% reads (directory, profiles, jobs, the signed-in header and dashboards)
 * and 13% writes (page views, applications, messages, job posts, profile edits). Writes rotate over
 * every signed-in account, so no account comes near the per-user limits (60 messages a minute).
 */
export function mixedWorkload(seed: LoadSeed, sessions: { pro: Session[]; business: Session[] }, origin: string | (() => string)): Scenario[] {
  // A function when the same scenarios move behind another address (the two-instance run's balancer).
  const originNow = typeof origin === 'function' ? origin : () => origin;
  const everyone = [...sessions.pro, ...sessions.business];
  const anonymous = (n: number) => ({ 'x-forwarded-for': visitorIp(n), accept: 'application/json' });
  const signedIn = (session: Session, write = false): Record<string, string> => ({
    'x-forwarded-for': visitorIp(session.userId),
    accept: 'application/json',
    cookie: session.cookie,
    ...(write ? { origin: originNow(), 'content-type': 'application/json' } : {}),
  });
  const get = (path: string, headers: Record<string, string>): RequestParams => ({ method: 'GET', path, headers });
  const post = (path: string, headers: Record<string, string>, body: unknown): RequestParams => ({ method: 'POST', path, headers, body: JSON.stringify(body) });
  const proOf = (n: number) => seed.proLogins[n % seed.proLogins.length];
  const businessOf = (n: number) => seed.businessLogins[n % seed.businessLogins.length];
  const proSession = (n: number) => sessions.pro[n % sessions.pro.length];
  const businessSession = (n: number) => sessions.business[n % sessions.business.length];

  return [
    { name: 'directory', weight: 300, write: false, build: (n) => get(pick(directoryUrls, n), anonymous(n)) },
    { name: 'directory (signed in)', weight: 80, write: false, build: (n) => get(pick(directoryUrls, n * 3), signedIn(businessSession(n))) },
    { name: 'pro staff profile', weight: 120, write: false, build: (n) => get(`/api/pro-staff-profiles/${1 + ((n * 7919) % seed.proStaff)}`, anonymous(n)) },
    { name: 'business profile', weight: 20, write: false, build: (n) => get(`/api/business-profiles/${1 + ((n * 31) % seed.businesses)}`, anonymous(n)) },
    { name: 'job list', weight: 100, write: false, build: (n) => get(pick(jobListUrls, n), anonymous(n)) },
    { name: 'job posting', weight: 50, write: false, build: (n) => get(`/api/job-postings/${pick(seed.activeJobIds, n * 13)}`, anonymous(n)) },
    { name: 'me', weight: 60, write: false, build: (n) => get('/api/auth/me', signedIn(pick(everyone, n))) },
    {
      name: 'unread count',
      weight: 50,
      write: false,
      build: (n) => {
        const session = pick(everyone, n);
        return get(`/api/messages/unread/${session.userId}`, signedIn(session));
      },
    },
    { name: 'conversations', weight: 20, write: false, build: (n) => get('/api/conversations', signedIn(pick(everyone, n))) },
    { name: 'config', weight: 30, write: false, build: (n) => get('/api/config', anonymous(n)) },
    { name: 'my applications', weight: 20, write: false, build: (n) => get(`/api/applications/pro-staff/${proOf(n).proStaffId}`, signedIn(proSession(n))) },
    { name: 'own job postings', weight: 20, write: false, build: (n) => get(`/api/job-postings/business/${businessOf(n).businessId}`, signedIn(businessSession(n))) },

    {
      name: 'page view (write)',
      weight: 70,
      write: true,
      build: (n) => post('/api/page-views', { ...anonymous(n), 'content-type': 'application/json' }, { path: pick(['/', '/search', '/jobs', `/pro-staff/${1 + (n % seed.proStaff)}`], n), visitorId: `visitor${n % VISITORS}abc` }),
    },
    {
      // Pro staff k applies to active jobs in turn: pair (k, job) is new until every pro has applied to every job.
      name: 'apply to job (write)',
      weight: 25,
      write: true,
      build: (n) => {
        const job = seed.activeJobIds[Math.floor(n / seed.proLogins.length) % seed.activeJobIds.length];
        return post('/api/applications', signedIn(proSession(n), true), { jobPostingId: job, coverLetter: 'I film every hunt and post weekly; happy to send my media kit.' });
      },
    },
    {
      name: 'send message (write)',
      weight: 25,
      write: true,
      build: (n) => {
        const from = pick(everyone, n);
        const isPro = n % everyone.length < sessions.pro.length;
        const to = isPro ? businessOf(n).userId : proOf(n).userId;
        return post('/api/messages', signedIn(from, true), { toUserId: to, content: `Load message ${n}: are you available for the fall season?` });
      },
    },
    {
      name: 'post job (write)',
      weight: 5,
      write: true,
      build: (n) =>
        post('/api/job-postings', signedIn(businessSession(n), true), {
          title: `Pro staff for ${pick(SPECIALTIES, n)}`,
          description: 'Film and post your hunts all season; gear and travel included.',
          location: `${pick(PLACES, n)}, US`,
          specialties: [pick(SPECIALTIES, n)],
          compensation: '$500/month',
          isActive: true,
        }),
    },
    {
      name: 'edit profile (write)',
      weight: 5,
      write: true,
      build: (n) => {
        const pro = proOf(n);
        return post('/api/pro-staff-profiles', signedIn(proSession(n), true), {
          firstName: 'Load',
          lastName: `Tester${pro.proStaffId}`,
          bio: `Edited ${n} times; bow and rifle hunter who films every season.`,
          location: `${pick(PLACES, n)}, US`,
          specialties: [pick(SPECIALTIES, n), pick(SPECIALTIES, n + 3)],
          experience: n % 30,
          socialLinks: { instagram: `https://instagram.com/loadpro${pro.proStaffId}` },
          socialTags: ['#loadtest'],
        });
      },
    },
  ];
}

/** Only the directory pages, for the comparison with the bare route. */
export function directoryWorkload(): Scenario[] {
  return [{ name: 'directory', weight: 1, write: false, build: (n) => ({ method: 'GET', path: pick(directoryUrls, n), headers: { 'x-forwarded-for': visitorIp(n), accept: 'application/json' } }) }];
}
