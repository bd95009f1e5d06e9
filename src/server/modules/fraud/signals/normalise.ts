import { domainToASCII } from 'node:url';

/**
 * Normalisation of what identifies a buyer (decision record 039), so that the disguises a self-purchase uses collapse
 * to one value: `Jake.Smith+deer@GMail.com` = `jakesmith@gmail.com`, `+1 (208) 555-0100` = `2085550100`,
 * `12 Oak Street, Apt 4B` = `12 oak st`. Every function takes `unknown` (payloads are outside input) and answers null
 * for anything it cannot use: a value that is not a string, empty after cleaning, or implausible. Null means no hash,
 * so an empty field never matches another empty field.
 */

/** Longest input looked at: anything longer is cut before any regex runs (a 100k-character field costs nothing). */
const MAX_INPUT = 1_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Control characters (NUL included), format characters (zero-width joiners, BOM, bidi marks) and line separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** A string input, cut to MAX_INPUT, NFKC (full-width and compatibility forms folded), without invisible or broken characters. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cut = value.slice(0, MAX_INPUT).replace(LONE_SURROGATE, '').normalize('NFKC').replace(INVISIBLE, '').trim();
  return cut === '' ? null : cut;
}

/** A dotted host name in ASCII: labels of letters, digits, - and _, not starting or ending with -. */
const HOST_NAME = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Gmail ignores dots in the local part and treats googlemail.com as gmail.com. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An email: trimmed, lower case, the domain in its ASCII (punycode) form so `bücher.de` = `xn--bcher-kva.de`,
 * the plus tag removed for every domain (`a+b@x` = `a@x`), and for Gmail the dots removed and googlemail→gmail.
 * Null without exactly one `@`, with an empty part, or a domain that is not a valid host name.
 */
export function normaliseEmail(value: unknown): string | null {
  const text = cleanText(value)?.toLowerCase();
  if (!text || text.length > 320) return null;
  const parts = text.split('@');
  if (parts.length !== 2) return null;
  let [local, domain] = parts;
  local = local.split('+')[0].replace(/\s/g, '');
  domain = domainToASCII(domain.replace(/\.$/, ''));
  if (!local || !HOST_NAME.test(domain)) return null;
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return local ? `${local}@${domain}` : null;
}

/** The domain of a normalised or raw email (for the disposable-domain check), or null. */
export function emailDomain(value: unknown): string | null {
  const email = normaliseEmail(value);
  return email ? email.slice(email.indexOf('@') + 1) : null;
}

/**
 * A phone number: digits only; a leading `00` international prefix dropped; a North American number written with
 * its country code 1 (11 digits starting with 1) reduced to its 10 digits, so `+1 (208) 555-0100` = `208-555-0100`.
 * Other countries keep their code as written (`+44 20…` and `020…` stay different: no guessing of the buyer's
 * country). Null under 7 or over 15 digits (E.164's maximum): `555-555-SHIP` is not a phone.
 */
export function normalisePhone(value: unknown): string | null {
  const text = cleanText(value);
  if (!text) return null;
  let digits = text.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}
