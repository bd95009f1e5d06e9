// The labelled replay set of the fraud bench (issue 43, decision record 039) and its replay through the signals.
// Deterministic: one seeded generator (mulberry32), so every run of the same options produces the same orders.
//
// The set: honest orders from a pool of buyers across the staffers over the simulated days (repeat buyers, buyers who
// follow two staffers, a promo day per staffer that multiplies its rate for a few hours, a few honest neighbours in a
// staffer's apartment building, a few honest buyers on disposable mail); self-purchases disguised the ways people
// do (plus tags, dotted or googlemail Gmail, upper case, an apartment suffix, a relative's name at the same address,
// ZIP+4, phone formats), a few with nothing of theirs at all (shipped to a friend, new email); leaked-code bursts that
// arrive from coupon sites and bursts with no referrer; a few buyers who farm several staffers' codes from one address.
// Orders are sent as Shopify and WooCommerce payloads through the same readers the webhooks use.
import {
  evaluateSignals, hashIdentity, hashOrder, observeUse, shopifyRiskFacts, STARTER_COUPON_SITES, VELOCITY_WINDOW_HOURS,
  wooCommerceRiskFacts, type FlagInput, type OrderRiskFacts, type RiskHashes, type SignalContext, type StafferIdentity, type VelocityBaseline,
} from '../../src/server/modules/fraud/signals';
import type { FraudSignal } from '../../src/shared/contracts/fraud';

export type ReplayOptions = { seed: number; staffers: number; days: number; buyers: number; leaks: number; rings: number };
export const FULL_SET: ReplayOptions = { seed: 43, staffers: 50, days: 60, buyers: 6000, leaks: 16, rings: 6 };
export const SMOKE_SET: ReplayOptions = { seed: 43, staffers: 8, days: 10, buyers: 400, leaks: 4, rings: 2 };

/** Look-back of the shared-fingerprint count (the database keeps the same window). */
export const FINGERPRINT_LOOKBACK_DAYS = 30;

export type Label = 'honest' | 'self' | 'leak' | 'ring';
type Person = { first: string; last: string; email: string; phone: string; address: Street };
type Street = { number: number; name: string; suffix: string; unit: string | null; city: string; zip: string };
export type ReplayOrder = {
  at: Date; staffer: number; label: Label; platform: 'shopify' | 'woocommerce'; body: unknown;
  burst: number | null; couponReferrer: boolean; disposable: boolean; sawPageView: boolean;
  /** What the bench knows about the buyer independently of the payload: their address, IP and card keys. */
  fingerprint: string[];
};

const HOUR = 3_600_000;
const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5);
const FIRST = ['Jake', 'Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Mason', 'Sophia', 'Logan', 'Mia', 'Lucas', 'Ella', 'Wyatt', 'Grace', 'Hunter', 'Chloe', 'Cody', 'Ruby', 'Dale', 'June'];
const LAST = ['Smith', 'Miller', 'Hunt', 'Baker', 'Fisher', 'Carter', 'Walker', 'Young', 'King', 'Wright', 'Hill', 'Green', 'Stone', 'Ford', 'Reed', 'Cole', 'West', 'Marsh', 'Wolfe', 'Price'];
const STREETS = ['Oak', 'Elk Ridge', 'Pine', 'Cedar', 'Maple', 'Willow', 'Bear Creek', 'Aspen', 'Juniper', 'Sage', 'Antler', 'Timber', 'Ridge', 'Hollow', 'Bluff', 'Canyon', 'Spruce', 'Birch', 'Larch', 'Quail'];
const SUFFIX_SPELLINGS: [string, string][] = [['Street', 'St.'], ['Avenue', 'Ave'], ['Road', 'Rd'], ['Drive', 'Dr.'], ['Lane', 'Ln'], ['Court', 'Ct']];
const CITIES = ['Missoula', 'Boise', 'Bozeman', 'Casper', 'Bend', 'Duluth', 'Laramie', 'Helena', 'Cody', 'Pocatello'];
const MAIL = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'hotmail.com', 'aol.com', 'protonmail.com'];
const DISPOSABLE = ['mailinator.com', 'guerrillamail.com', '10minutemail.com', 'yopmail.com'];
const HONEST_REFERRERS = ['https://www.instagram.com/', 'https://m.youtube.com/', 'https://www.facebook.com/', 'https://www.google.com/', 'https://rokslide.com/forums/', 'https://l.facebook.com/', 'https://www.tiktok.com/'];
const COUPON_SITES = STARTER_COUPON_SITES.slice(0, 15);

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Random {
  next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p: number) {
    return this.next() < p;
  }
  /** Exponential waiting time with the given mean. */
  wait(mean: number) {
    return -Math.log(1 - this.next()) * mean;
  }
  digits(count: number) {
    return Array.from({ length: count }, () => this.int(0, 9)).join('');
  }
}

function person(random: Random, index: number, domains = MAIL): Person {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const address = { number: random.int(1, 9999), name: random.pick(STREETS), suffix: random.pick(SUFFIX_SPELLINGS)[0], unit: random.chance(0.3) ? `Apt ${random.int(1, 40)}` : null, city: random.pick(CITIES), zip: `5${random.digits(4)}` };
  return { first, last, email: `${first.toLowerCase()}.${last.toLowerCase()}${index}@${random.pick(domains)}`, phone: `208${random.digits(7)}`, address };
}

const line1 = (street: Street, suffix = street.suffix) => `${street.number} ${street.name} ${suffix}`;
const identityOf = (staffer: Person): StafferIdentity => ({ emails: [staffer.email], phones: [staffer.phone], addresses: [{ line1: line1(staffer.address), line2: staffer.address.unit, city: staffer.address.city, postalCode: staffer.address.zip, country: 'US' }] });

/** The ways a staffer disguises their own order; each returns the buyer as the order shows it. */
const DISGUISES: ((random: Random, me: Person) => { buyer: Person; zip?: string; name?: string; line1?: string })[] = [
  // Plus tag on their own address.
  (random, me) => ({ buyer: { ...me, email: me.email.replace('@', `+deal${random.int(1, 99)}@`) } }),
  // Gmail dots moved and googlemail.com, or the address in capitals elsewhere.
  (_random, me) => {
    const [local, domain] = me.email.split('@');
    const dotted = `${local.replace(/\./g, '').slice(0, 2)}.${local.replace(/\./g, '').slice(2)}`;
    return { buyer: { ...me, email: domain === 'gmail.com' ? `${dotted}@googlemail.com` : me.email.toUpperCase() } };
  },
  // Another email and phone, their address with another apartment number.
  (random, me) => ({ buyer: { ...me, email: `other${random.digits(6)}@outlook.com`, phone: `406${random.digits(7)}`, address: { ...me.address, unit: `Apt ${random.int(1, 9)}B` } } }),
  // A relative's name, email and phone at the same address.
  (random, me) => ({ buyer: { ...me, email: `${random.pick(FIRST).toLowerCase()}${random.digits(4)}@yahoo.com`, phone: `406${random.digits(7)}` }, name: `${random.pick(FIRST)} ${me.last}` }),
  // The address in capitals, the suffix abbreviated, ZIP+4; another email and phone.
  (random, me) => ({ buyer: { ...me, email: `x${random.digits(8)}@icloud.com`, phone: `406${random.digits(7)}` }, zip: `${me.address.zip}-${random.digits(4)}`, line1: line1(me.address, SUFFIX_SPELLINGS.find(([full]) => full === me.address.suffix)?.[1]).toUpperCase() }),
  // Only the phone is theirs, written with +1 and punctuation; shipped to work.
  (random, me) => ({ buyer: { ...person(random, 80_000 + random.int(0, 9999)), phone: `+1 (${me.phone.slice(0, 3)}) ${me.phone.slice(3, 6)}-${me.phone.slice(6)}` } }),
];

type Draft = Omit<ReplayOrder, 'platform' | 'body' | 'fingerprint'> & { buyer: Person; ip: string; card: string; referrer: string | null; newCustomer: boolean; zip?: string; name?: string; line1?: string };

/** A Shopify `orders/create` body or a WooCommerce v3 order, with the published field names. */
function payload(draft: Draft, platform: 'shopify' | 'woocommerce', index: number): unknown {
  const { buyer } = draft;
  const street = draft.line1 ?? line1(buyer.address);
  const zip = draft.zip ?? buyer.address.zip;
  const name = draft.name ?? `${buyer.first} ${buyer.last}`;
  if (platform === 'shopify') {
    const address = { name, address1: street, address2: buyer.address.unit, city: buyer.address.city, zip, province_code: 'MT', country_code: 'US', phone: buyer.phone };
    return { id: index, email: buyer.email, phone: null, browser_ip: draft.ip, referring_site: draft.referrer, landing_site: '/products/elk-call', shipping_address: address, billing_address: address, customer: { email: buyer.email, phone: buyer.phone, orders_count: draft.newCustomer ? 1 : 3 } };
  }
  const [first, ...rest] = name.split(' ');
  const address = { first_name: first, last_name: rest.join(' '), address_1: street, address_2: buyer.address.unit ?? '', city: buyer.address.city, state: 'MT', postcode: zip, country: 'US' };
  const meta = draft.referrer ? [{ id: 1, key: '_wc_order_attribution_referrer', value: draft.referrer }, { id: 2, key: '_wc_order_attribution_source_type', value: 'referral' }] : [];
  return { id: index, billing: { ...address, email: buyer.email, phone: buyer.phone }, shipping: address, customer_ip_address: draft.ip, customer_id: draft.newCustomer ? 0 : 17, meta_data: meta };
}

export type ReplaySet = { orders: ReplayOrder[]; identities: StafferIdentity[]; options: ReplayOptions };

export function generateReplaySet(options: ReplayOptions): ReplaySet {
  const random = new Random(options.seed);
  const end = START + options.days * 24 * HOUR;
  const staffers = Array.from({ length: options.staffers }, (_, index) => person(random, index));
  const buyers = Array.from({ length: options.buyers }, (_, index) => ({ ...person(random, 1000 + index, random.chance(0.005) ? DISPOSABLE : MAIL), ip: `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`, card: `card_${random.digits(12)}`, orders: 0, follows: [random.int(0, options.staffers - 1), random.int(0, options.staffers - 1)] }));
  const followers = staffers.map((_, staffer) => buyers.filter((buyer) => buyer.follows.includes(staffer)));
  const drafts: Draft[] = [];
  const add = (draft: Omit<Draft, 'disposable'>) => drafts.push({ ...draft, disposable: DISPOSABLE.some((domain) => draft.buyer.email.endsWith(`@${domain}`)) });

  // Honest orders: each staffer's code used at its own steady rate (0.3 to 8 a day), one promo day at 6× for 4 hours.
  staffers.forEach((_, staffer) => {
    const perHour = (0.3 * Math.pow(8 / 0.3, random.next())) / 24;
    const promoAt = START + random.next() * (end - START);
    for (let at = START + random.wait(1 / perHour) * HOUR; at < end; ) {
      const buyer = followers[staffer].length && random.chance(0.75) ? random.pick(followers[staffer]) : random.pick(buyers);
      const neighbour = random.chance(0.003);
      const shipTo: Person = neighbour ? { ...buyer, address: { ...staffers[staffer].address, unit: `Apt ${random.int(41, 80)}` } } : buyer;
      add({ at: new Date(at), staffer, label: 'honest', buyer: shipTo, ip: buyer.ip, card: buyer.card, referrer: random.chance(0.5) ? random.pick(HONEST_REFERRERS) : null, newCustomer: buyer.orders++ === 0, sawPageView: random.chance(0.8), burst: null, couponReferrer: false });
      const rate = at >= promoAt && at < promoAt + 4 * HOUR ? perHour * 6 : perHour;
      at += random.wait(1 / rate) * HOUR;
    }
  });

  // Self-purchases: 40% of staffers buy 1 to 6 times with their own code, disguised; 1 in 30 with nothing of theirs.
  staffers.forEach((me, staffer) => {
    if (!random.chance(0.4)) return;
    for (let count = random.int(1, 6); count > 0; count -= 1) {
      const unrelated = random.chance(1 / 30);
      const disguised = unrelated ? { buyer: person(random, 90_000 + drafts.length) } : random.pick(DISGUISES)(random, me);
      add({ at: new Date(START + random.next() * (end - START)), staffer, label: 'self', ...disguised, ip: `10.9.${staffer}.1`, card: `card_staff_${staffer}`, referrer: null, newCustomer: false, sawPageView: random.chance(0.5), burst: null, couponReferrer: false });
    }
  });

  // Leaks: a code posted somewhere; 15 to 60 strangers in the next 1 to 8 hours. Half the bursts come from coupon
  // sites (70% of their orders carry the referrer; the rest typed the code in), half with no referrer at all.
  for (let burst = 0; burst < options.leaks; burst += 1) {
    const staffer = random.int(0, options.staffers - 1);
    const fromCouponSite = burst % 2 === 0;
    const site = random.pick(COUPON_SITES);
    const size = random.int(15, 60);
    const span = random.int(1, 8) * HOUR;
    const startAt = START + 7 * 24 * HOUR + random.next() * (end - START - 8 * 24 * HOUR);
    for (let index = 0; index < size; index += 1) {
      const stranger = person(random, 50_000 + burst * 100 + index, random.chance(0.1) ? DISPOSABLE : MAIL);
      const couponReferrer = fromCouponSite && random.chance(0.7);
      // Arrivals fall off as the post ages: the square of a uniform puts more of them early.
      add({ at: new Date(startAt + random.next() ** 2 * span), staffer, label: 'leak', buyer: stranger, ip: `172.16.${burst}.${index}`, card: `card_leak_${burst}_${index}`, referrer: couponReferrer ? `https://www.${site}/view/huntstaff-store` : null, newCustomer: random.chance(0.9), sawPageView: random.chance(0.3), burst, couponReferrer });
    }
  }

  // Rings: one buyer (one address, card and IP, a new email each time) using 3 to 5 different staffers' codes.
  for (let ring = 0; ring < options.rings; ring += 1) {
    const buyer = person(random, 70_000 + ring);
    const startAt = START + random.next() * (end - START - 10 * 24 * HOUR);
    for (let index = 0, count = random.int(3, 5); index < count; index += 1) {
      const staffer = (ring * 7 + index * 3) % options.staffers;
      add({ at: new Date(startAt + index * random.int(12, 72) * HOUR), staffer, label: 'ring', buyer: { ...buyer, email: `r${ring}x${index}${random.digits(4)}@outlook.com` }, ip: `192.168.${ring}.9`, card: `card_ring_${ring}`, referrer: null, newCustomer: index === 0, sawPageView: true, burst: null, couponReferrer: false });
    }
  }

  drafts.sort((a, b) => a.at.getTime() - b.at.getTime());
  const orders = drafts.map((draft, index): ReplayOrder => {
    const platform = index % 3 === 2 ? 'woocommerce' : 'shopify';
    const { at, staffer, label, burst, couponReferrer, disposable, sawPageView } = draft;
    return { at, staffer, label, platform, body: payload(draft, platform, index), burst, couponReferrer, disposable, sawPageView, fingerprint: [`ip:${draft.ip}`, `card:${draft.card}`] };
  });
  return { orders, identities: staffers.map(identityOf), options };
}

/** One replayed order: what was read, what fired, and the velocity context (for the bench's sweep of the burst rule). */
export type ReplayResult = { order: ReplayOrder; facts: OrderRiskFacts; flags: FlagInput[]; velocity: SignalContext['velocity']; coldBuyer: boolean; shared: SignalContext['sharedFingerprint'] };

/**
 * Replays the set in time order through the readers and `evaluateSignals`, with an in-memory context kept by the same
 * rules as the database's: per code the uses in the last VELOCITY_WINDOW_HOURS (this one included) and its baseline
 * before this order (then `observeUse`); per card/IP/address hash the staffers whose codes it used in the look-back.
 * The card is the bench's own (no published payload carries one), passed as a `track-usage` caller would.
 */
export function replay(set: ReplaySet, key = 'bench-fraud-key'): ReplayResult[] {
  const stafferHashes: RiskHashes[] = set.identities.map((identity) => hashIdentity(identity, key));
  const couponDomains = new Set(STARTER_COUPON_SITES);
  const usesOf = new Map<number, number[]>();
  const baselines = new Map<number, VelocityBaseline | null>();
  const seen = new Map<string, { staffer: number; at: number; email: string | null }[]>();
  const results: ReplayResult[] = [];
  for (const order of set.orders) {
    const read = order.platform === 'shopify' ? shopifyRiskFacts(order.body) : wooCommerceRiskFacts(order.body);
    const facts = { ...read, cardFingerprint: order.fingerprint.find((value) => value.startsWith('card:')) ?? null };
    const hashes = hashOrder(facts, key);
    const now = order.at.getTime();
    const uses = (usesOf.get(order.staffer) ?? []).filter((at) => at > now - VELOCITY_WINDOW_HOURS * HOUR);
    uses.push(now);
    usesOf.set(order.staffer, uses);
    const prints = [hashes.card, hashes.ip, ...hashes.addresses].filter((hash): hash is string => hash !== null);
    const earlier = prints.flatMap((hash) => (seen.get(hash) ?? []).filter((use) => use.at > now - FINGERPRINT_LOOKBACK_DAYS * 24 * HOUR && use.staffer !== order.staffer));
    const context: SignalContext = {
      staffer: stafferHashes[order.staffer],
      couponDomains,
      velocity: { usesInWindow: uses.length, baseline: baselines.get(order.staffer) ?? null, now: order.at },
      sharedFingerprint: {
        otherStaffers: new Set(earlier.map((use) => use.staffer)).size,
        orders: new Set(earlier.map((use) => use.at)).size,
        emails: earlier.length ? new Set([hashes.emails[0] ?? null, ...earlier.map((use) => use.email)]).size : 0,
      },
      sawPageView: order.sawPageView,
    };
    results.push({ order, facts, flags: evaluateSignals(facts, hashes, context), velocity: context.velocity, coldBuyer: facts.newCustomer === true && !order.sawPageView, shared: context.sharedFingerprint });
    baselines.set(order.staffer, observeUse(baselines.get(order.staffer) ?? null, order.at));
    for (const hash of new Set(prints)) {
      const uses = seen.get(hash) ?? [];
      uses.push({ staffer: order.staffer, at: now, email: hashes.emails[0] ?? null });
      seen.set(hash, uses);
    }
  }
  return results;
}

/** Which orders each signal is meant to catch (its recall is over these); every signal's false positives are honest orders it flags. */
export const SIGNAL_TARGETS: Record<FraudSignal, (order: ReplayOrder) => boolean> = {
  own_use: (order) => order.label === 'self',
  coupon_referrer: (order) => order.couponReferrer,
  velocity: (order) => order.label === 'leak',
  disposable_email: (order) => order.disposable,
  shared_fingerprint: (order) => order.label === 'ring',
};

export const fired = (result: ReplayResult, signal: FraudSignal) => result.flags.some((flag) => flag.signal === signal);
export const minutesBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / MINUTE;
