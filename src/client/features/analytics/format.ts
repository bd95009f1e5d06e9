/** Cents in one currency. A store that did not say which currency gets a plain number and a label instead. */
export function moneyFormatter(currency: string | null): (cents: number) => string {
  if (currency) {
    try {
      const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      return (cents) => format.format(cents / 100);
    } catch {
      // Not an ISO 4217 code: fall through and write the code after the number.
    }
  }
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (cents) => `${number.format(cents / 100)}${currency ? ` ${currency}` : ''}`;
}

export const currencyName = (currency: string | null) => currency ?? 'Currency not reported';
