import { describe, expect, it } from 'vitest';
import { normaliseAddress, normaliseCountry, normalisePostalCode, normaliseStreet } from './address';
import { hashIdentity, hashOrder, keyedHash, normaliseIp } from './hashes';
import { cleanText, emailDomain, normaliseEmail, normalisePhone } from './normalise';
import { emptyFacts } from './payload-facts';

describe('emails', () => {
  it('trims, lower-cases and removes plus tags on every domain', () => {
    expect(normaliseEmail('  Jake.Smith+Deer@Example.COM ')).toBe('jake.smith@example.com');
    expect(normaliseEmail('jake+a+b@outlook.com')).toBe('jake@outlook.com');
  });
  it('removes Gmail dots and folds googlemail.com into gmail.com', () => {
    expect(normaliseEmail('J.a.k.e.Smith+x@googlemail.com')).toBe('jakesmith@gmail.com');
    expect(normaliseEmail('jakesmith@gmail.com')).toBe(normaliseEmail('jake.smith@GMAIL.com'));
    // Dots matter elsewhere.
    expect(normaliseEmail('jake.smith@yahoo.com')).not.toBe(normaliseEmail('jakesmith@yahoo.com'));
  });
  it('compares internationalised domains in their ASCII form', () => {
    expect(normaliseEmail('Ana@Bücher.de')).toBe('ana@xn--bcher-kva.de');
    expect(normaliseEmail('ana@xn--bcher-kva.de')).toBe('ana@xn--bcher-kva.de');
    expect(normaliseEmail('ｊａｋｅ@example.com')).toBe('jake@example.com');
  });
  it('answers null for what is not an email', () => {
    for (const value of ['', '   ', 'jake', 'a@b@c.com', '@example.com', '+tag@example.com', 'jake@localhost', 'jake@..', 'jake@-x.com', 'jake@a..com', 'jake@', null, undefined, 42, {}, ['a@b.com']]) {
      expect(normaliseEmail(value)).toBeNull();
    }
  });
});

describe('phones', () => {
  it('keeps digits and reads a North American number with or without its country code', () => {
    expect(normalisePhone('+1 (208) 555-0100')).toBe('2085550100');
    expect(normalisePhone('208-555-0100')).toBe('2085550100');
    expect(normalisePhone('1.208.555.0100')).toBe('2085550100');
    expect(normalisePhone('001 208 555 0100')).toBe('2085550100');
  });
  it('keeps other country codes as written', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('442079460958');
    expect(normalisePhone('+557734881234')).toBe('557734881234');
  });
  it('answers null for too few or too many digits and non-strings', () => {
    for (const value of ['555-555-SHIP', '12345', '1'.repeat(16), '', 2085550100, null]) expect(normalisePhone(value)).toBeNull();
  });
});

describe('addresses', () => {
  const home = { line1: '12 Oak Street', city: 'Missoula', postalCode: '59801', country: 'US' };
  it('drops the unit and everything after it, abbreviates suffixes and directions the USPS way', () => {
    expect(normaliseStreet('12 Oak Street Apt 4B')).toBe('12 oak st');
    expect(normaliseStreet('12 OAK ST., #4')).toBe('12 oak st');
    expect(normaliseStreet('12 Oak St#4')).toBe('12 oak st');
    expect(normaliseStreet('400 North Elk Ridge Road, Suite 200')).toBe('400 n elk rdg rd');
    // Every word of the table is abbreviated wherever it stands (Pine → pne, as a suffix): both sides read the same way.
    expect(normaliseStreet('9 South-West  Pine   Avenue Unit 3')).toBe('9 s w pne ave');
    expect(normaliseStreet('PO Box 12')).toBe('po box 12');
  });
  it('matches the same home however it is written, and whoever it is addressed to', () => {
    const key = normaliseAddress(home);
    expect(key).toBe('12 oak st|59801|US');
    expect(normaliseAddress({ name: 'Aunt May Smith', line1: '12 oak st. apt 4b', line2: 'Apt 4B', city: 'MISSOULA', postalCode: '59801-1234', country: 'United States' })).toBe(key);
    expect(normaliseAddress({ ...home, line1: '13 Oak Street' })).not.toBe(key);
  });
  it('reads postal codes and countries', () => {
    expect(normalisePostalCode('59801-1234', 'US')).toBe('59801');
    expect(normalisePostalCode('k2p 1l4', 'CA')).toBe('K2P1L4');
    expect(normalisePostalCode('<script>', 'US')).toBeNull();
    expect(normaliseCountry('us')).toBe('US');
    expect(normaliseCountry('Canada')).toBe('CA');
    expect(normaliseCountry('USA')).toBe('US');
    expect(normaliseCountry('Atlantis')).toBeNull();
  });
  it('uses the city when there is no postal code, and answers null without a street or a place', () => {
    expect(normaliseAddress({ line1: '1 Main Street', city: 'Mount Vernon' })).toBe('1 main st|mt vernon|');
    expect(normaliseAddress({ line1: '1 Main Street' })).toBeNull();
    expect(normaliseAddress({ city: 'Missoula', postalCode: '59801' })).toBeNull();
    expect(normaliseAddress(null)).toBeNull();
  });
});

describe('hostile input', () => {
  const nasty: unknown[] = [
    'jake\u0000@example.com', '\uD800jake@example.com', 'jake@exam\uDC00ple.com', '\u0007\u001b[31m', 'a'.repeat(100_000),
    `${'a'.repeat(100_000)}@gmail.com`, '\u200Bjake@example.com\uFEFF', 12, 12n, true, {}, [], () => 1, Symbol('x'), NaN,
  ];
  it('never throws, and cleans NUL bytes, lone surrogates and invisible characters away', () => {
    expect(normaliseEmail('jake\u0000@example.com')).toBe('jake@example.com');
    expect(normaliseEmail('\uD800jake@example.com')).toBe('jake@example.com');
    expect(normaliseEmail('\u200Bjake@example.com\uFEFF')).toBe('jake@example.com');
    expect(cleanText('\u0000\u0001\u0002')).toBeNull();
    for (const value of nasty) {
      expect(() => [normaliseEmail(value), normalisePhone(value), normaliseStreet(value), normaliseCountry(value), normalisePostalCode(value, 'US'), normaliseIp(value)]).not.toThrow();
      const address = { line1: value, line2: value, city: value, postalCode: value, country: value } as never;
      expect(() => normaliseAddress(address)).not.toThrow();
    }
  });
  it('bounds the work on a 100,000-character field', () => {
    const started = performance.now();
    for (let index = 0; index < 50; index += 1) normaliseStreet(`12 Oak ${'Street '.repeat(15_000)}`);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(normaliseEmail(`${'a'.repeat(100_000)}@gmail.com`)).toBeNull();
  });
  it('hashes nothing for unusable values and never throws on a malformed identity', () => {
    const facts = { ...emptyFacts(), customerEmail: 42, customerPhone: {}, shippingAddress: 'oak street', browserIp: '0.0.0.0' } as never;
    expect(hashOrder(facts, 'key')).toEqual({ emails: [], phones: [], addresses: [], ip: null, card: null });
    expect(hashIdentity({ emails: 'jake@example.com', phones: null, addresses: [null, 7] } as never, 'key')).toEqual({ emails: [], phones: [], addresses: [], ip: null, card: null });
  });
});

describe('keyed hashes', () => {
  it('are HMAC-SHA256 hex of kind:value, equal for disguised spellings, different per key and per kind', () => {
    const order = hashOrder({ ...emptyFacts(), customerEmail: 'Jake.Smith+x@googlemail.com', customerPhone: '+1 (208) 555-0100', shippingAddress: { name: 'May', line1: '12 Oak Street Apt 4B', postalCode: '59801', country: 'US' }, browserIp: '203.0.113.9', cardFingerprint: 'fp_1' }, 'k1');
    const own = hashIdentity({ emails: ['jakesmith@gmail.com'], phones: ['208-555-0100'], addresses: [{ line1: '12 oak st', postalCode: '59801-0001', country: 'US' }] }, 'k1');
    expect(order.emails).toEqual(own.emails);
    expect(order.phones).toEqual(own.phones);
    expect(order.addresses).toEqual(own.addresses);
    expect(order.emails[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(order.emails[0]).toBe(keyedHash('email', 'jakesmith@gmail.com', 'k1'));
    expect(order.ip).toBe(keyedHash('ip', '203.0.113.9', 'k1'));
    expect(order.card).toBe(keyedHash('card', 'fp_1', 'k1'));
    expect(hashIdentity({ emails: ['jakesmith@gmail.com'], phones: [], addresses: [] }, 'k2').emails).not.toEqual(own.emails);
    expect(keyedHash('phone', '2085550100', 'k1')).not.toBe(keyedHash('email', '2085550100', 'k1'));
  });
  it('stores one hash per distinct address (shipping and billing the same)', () => {
    const address = { line1: '1 Elk Rd', postalCode: '59801', country: 'US' };
    expect(hashOrder({ ...emptyFacts(), shippingAddress: address, billingAddress: { ...address, line1: '1 Elk Road' } }, 'k').addresses).toHaveLength(1);
  });
  it('reads IPv4 and IPv6, not placeholders or junk', () => {
    expect(normaliseIp('2001:DB8::1')).toBe('2001:db8::1');
    expect(normaliseIp('0.0.0.0')).toBeNull();
    expect(normaliseIp('not an ip')).toBeNull();
  });
});

describe('random input (seeded)', () => {
  /** Strings of random UTF-16 code units: controls, NUL, lone and paired surrogates, letters, @ + . # and spaces. */
  function randomStrings(count: number): string[] {
    let state = 20_260_043;
    const next = () => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 4_294_967_296);
    const alphabet = ['\u0000', '\u0007', '\uD83D', '\uDE00', '\uD83D\uDE00', '@', '+', '.', '#', ' ', '-', 'a', 'Z', '9', 'ß', 'İ', '\u200B', 'apt', 'Street', 'gmail.com', '(', ')'];
    return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
  }
  it('never throws, answers strings without control characters or lone surrogates, and is stable when applied again', () => {
    for (const value of randomStrings(3_000)) {
      const email = normaliseEmail(value);
      const street = normaliseStreet(value);
      const phone = normalisePhone(value);
      for (const out of [email, street, phone]) {
        if (out === null) continue;
        expect(out).not.toMatch(/[\p{Cc}\p{Cf}]/u);
        expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }
      if (email) expect(normaliseEmail(email)).toBe(email);
      if (street) expect(normaliseStreet(street)).toBe(street);
    }
  });
});

describe('the rules at their edges (record 018: each fails when its rule is removed)', () => {
  it('cuts an input at 1,000 characters before reading it', () => {
    // Past the cut the rest is never read: the email before it stands.
    expect(normaliseEmail(`jake@example.com${' '.repeat(1_000)}tail`)).toBe('jake@example.com');
    expect(normalisePhone(`208-555-0100${' '.repeat(1_000)}99999`)).toBe('2085550100');
  });
  it('takes an email of up to 320 characters (RFC 5321’s limit) and no longer', () => {
    const domain = '@example.com';
    expect(normaliseEmail(`${'a'.repeat(320 - domain.length)}${domain}`)).toBe(`${'a'.repeat(320 - domain.length)}${domain}`);
    expect(normaliseEmail(`${'a'.repeat(321 - domain.length)}${domain}`)).toBeNull();
  });
  it('removes spaces inside the local part and a trailing dot of the domain', () => {
    expect(normaliseEmail('jake smith@example.com')).toBe('jakesmith@example.com');
    expect(normaliseEmail('jake@example.com.')).toBe('jake@example.com');
  });
  it('refuses a Gmail address that is only dots', () => {
    expect(normaliseEmail('...@gmail.com')).toBeNull();
    expect(normaliseEmail('.+tag@googlemail.com')).toBeNull();
  });
  it('answers the domain of an email, after normalising it', () => {
    expect(emailDomain('Jake@GoogleMail.com')).toBe('gmail.com');
    expect(emailDomain('jake@mailinator.com')).toBe('mailinator.com');
    expect(emailDomain('not an email')).toBeNull();
  });
  it('reads phones of 7 to 15 digits, E.164’s limit', () => {
    expect(normalisePhone('555-0100')).toBe('5550100');
    expect(normalisePhone('55-0100')).toBeNull();
    expect(normalisePhone(`+${'4'.repeat(15)}`)).toBe('4'.repeat(15));
    expect(normalisePhone(`+${'4'.repeat(16)}`)).toBeNull();
    // Only a leading 00 is the international prefix; an 11-digit number not starting with 1 keeps all its digits.
    expect(normalisePhone('100 208 555 0100')).toBe('1002085550100');
    expect(normalisePhone('44 208 555 0100')).toBe('442085550100');
  });
});

describe('addresses at their edges (record 018)', () => {
  it('keeps a unit designator that starts the line (nothing before it to keep) and drops one after the number', () => {
    expect(normaliseStreet('Unit 4, 12 Oak Street')).toBe('unit 4 12 oak st');
    expect(normaliseStreet('12 Oak Street Suite 200')).toBe('12 oak st');
    expect(normaliseStreet('12 Oak Street, 2nd Floor')).toBe('12 oak st 2nd');
    expect(normaliseStreet('12 Oak Street Floor 2')).toBe('12 oak st');
    expect(normaliseStreet('#4')).toBeNull();
    expect(normaliseStreet('...')).toBeNull();
  });
  it('reads postal codes of up to 12 letters and digits; ZIP+4 becomes 5 digits in the US or with no country', () => {
    expect(normalisePostalCode('A'.repeat(12), 'GB')).toBe('A'.repeat(12));
    expect(normalisePostalCode('A'.repeat(13), 'GB')).toBeNull();
    expect(normalisePostalCode('598011234', null)).toBe('59801');
    expect(normalisePostalCode('598011234', 'BR')).toBe('598011234');
    expect(normalisePostalCode('59801 12', 'US')).toBe('5980112');
    expect(normalisePostalCode('', 'US')).toBeNull();
  });
  it('reads country codes in any case and English names with odd spacing', () => {
    expect(normaliseCountry('gb')).toBe('GB');
    expect(normaliseCountry('United   States')).toBe('US');
    expect(normaliseCountry('united states of america')).toBe('US');
    expect(normaliseCountry('UK')).toBe('GB');
    expect(normaliseCountry('Germany')).toBe('DE');
    expect(normaliseCountry('U')).toBeNull();
  });
  it('keys an address without a country with an empty country part, and a different country apart', () => {
    expect(normaliseAddress({ line1: '12 Oak Street', postalCode: '59801-1234' })).toBe('12 oak st|59801|');
    expect(normaliseAddress({ line1: '12 Oak Street', postalCode: '59801', country: 'CA' })).toBe('12 oak st|59801|CA');
    expect(normaliseAddress({ line1: '12 Oak Street', postalCode: '<>', city: 'Missoula' })).toBe('12 oak st|missoula|');
  });
});
