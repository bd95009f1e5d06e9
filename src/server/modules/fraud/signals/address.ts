import { cleanText } from './normalise';
import type { PostalAddress } from './types';

/**
 * Postal addresses as one comparable key (decision record 039): `street|postal code|country`, with the city in place
 * of the postal code when there is none. The recipient's NAME is never part of it (a relative's name at the staffer's
 * address still matches), nor line 2 or anything after a unit designator (`12 Oak Street Apt 4B` = `12 oak st`): a
 * self-purchase shipped to another flat of the same building matches too, which is the price of catching it (an
 * honest neighbour in the same building also matches; the replay bench counts those as false positives).
 */

// USPS Publication 28, appendix C1 (street suffixes) and the directionals, for the spellings buyers actually type.
// A word is abbreviated wherever it stands, also inside a street's name (`Pine Ave` → `pne ave`): matching only
// needs both sides read the same way, and guessing which word is the suffix would be the fragile part.
const SUFFIXES: Record<string, string> = {
  street: 'st', str: 'st', strt: 'st', avenue: 'ave', av: 'ave', aven: 'ave', avn: 'ave', road: 'rd', drive: 'dr', drv: 'dr',
  lane: 'ln', court: 'ct', boulevard: 'blvd', boul: 'blvd', place: 'pl', terrace: 'ter', circle: 'cir', circ: 'cir',
  highway: 'hwy', highwy: 'hwy', parkway: 'pkwy', pkway: 'pkwy', square: 'sq', trail: 'trl', crossing: 'xing',
  point: 'pt', ridge: 'rdg', mount: 'mt', mountain: 'mtn', route: 'rte', expressway: 'expy', freeway: 'fwy',
  heights: 'hts', hollow: 'holw', junction: 'jct', creek: 'crk', lake: 'lk', meadow: 'mdw', meadows: 'mdws',
  center: 'ctr', centre: 'ctr', grove: 'grv', hill: 'hl', hills: 'hls', valley: 'vly', view: 'vw', village: 'vlg',
  canyon: 'cyn', spring: 'spg', springs: 'spgs', station: 'sta', turnpike: 'tpke', alley: 'aly', bend: 'bnd',
  bluff: 'blf', branch: 'br', bridge: 'brg', brook: 'brk', cove: 'cv', crescent: 'cres', estates: 'ests',
  falls: 'fls', ferry: 'fry', field: 'fld', fields: 'flds', forest: 'frst', fork: 'frk', fort: 'ft', garden: 'gdn',
  gardens: 'gdns', harbor: 'hbr', haven: 'hvn', island: 'is', landing: 'lndg', manor: 'mnr', mill: 'ml',
  orchard: 'orch', pass: 'pass', pine: 'pne', pines: 'pnes', plaza: 'plz', port: 'prt', prairie: 'pr', ranch: 'rnch',
  river: 'riv', shore: 'shr', summit: 'smt', track: 'trak', trace: 'trce', union: 'un', vista: 'vis', walk: 'walk',
  north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
};

/** Unit designators (USPS appendix C2 and `#`): the designator and everything after it on the line are dropped. */
const UNIT_DESIGNATORS = new Set(['apt', 'apartment', 'unit', 'suite', 'ste', 'bldg', 'building', 'fl', 'floor', 'rm', 'room', 'lot', 'trlr', 'spc', 'space', 'dept', 'ofc', 'po', 'pmb']);

/** A street line: lower case, punctuation gone, suffixes and directions abbreviated, the unit dropped. */
export function normaliseStreet(value: unknown): string | null {
  const text = cleanText(value)?.toLowerCase();
  if (!text) return null;
  const words: string[] = [];
  // `#` is a unit designator even when glued to the number (`#4B`); other punctuation separates words.
  for (const word of text.replace(/#/g, ' # ').replace(/[^\p{L}\p{N}#\s]/gu, ' ').split(/\s+/)) {
    if (!word) continue;
    if (word === '#' || (UNIT_DESIGNATORS.has(word) && words.length > 0)) break;
    words.push(SUFFIXES[word] ?? word);
  }
  return words.length ? words.join(' ') : null;
}

/** A postal code: upper case, no spaces or hyphens; a US ZIP+4 cut to its 5 digits. */
export function normalisePostalCode(value: unknown, country: string | null): string | null {
  const text = cleanText(value)?.toUpperCase().replace(/[\s-]/g, '');
  if (!text || text.length > 12 || !/^[\p{L}\p{N}]+$/u.test(text)) return null;
  if ((country === 'US' || country === null) && /^\d{9}$/.test(text)) return text.slice(0, 5);
  return text;
}

let regionCodes: Map<string, string> | null = null;
/** English country names (`United States`, `Canada`) to ISO codes, from the runtime's CLDR data, built once. */
function countryNames(): Map<string, string> {
  if (regionCodes) return regionCodes;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const map = new Map<string, string>([['usa', 'US'], ['united states of america', 'US'], ['uk', 'GB'], ['great britain', 'GB']]);
  for (let first = 65; first <= 90; first += 1) for (let second = 65; second <= 90; second += 1) {
    const code = String.fromCharCode(first, second);
    const name = names.of(code);
    if (name) map.set(name.toLowerCase(), code);
  }
  regionCodes = map;
  return map;
}

/** An ISO 3166-1 alpha-2 code from a code or an English country name, or null. */
export function normaliseCountry(value: unknown): string | null {
  const text = cleanText(value);
  if (!text) return null;
  // Names first: `UK` is a name here (→ GB), not an ISO code.
  const named = countryNames().get(text.toLowerCase().replace(/\s+/g, ' '));
  if (named) return named;
  return /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : null;
}

/** The comparison key of an address, or null when it has no street or neither a postal code nor a city. */
export function normaliseAddress(address: PostalAddress | null | undefined): string | null {
  if (!address || typeof address !== 'object') return null;
  const street = normaliseStreet(address.line1);
  const country = normaliseCountry(address.country);
  const place = normalisePostalCode(address.postalCode, country) ?? normaliseStreet(address.city);
  if (!street || !place) return null;
  return `${street}|${place}|${country ?? ''}`;
}
