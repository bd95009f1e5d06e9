import { create } from 'qrcode';
import type { CodeCard } from '@shared/contracts/code-links';
import { Button } from '@client/components/ui/button';
import { describeDiscount } from '../format';

/** The QR symbol as SVG squares (qrcode's matrix, drawn here: no markup from a string), with the standard quiet zone. */
function QrSymbol({ text }: { text: string }) {
  const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (data[row * size + col]) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  }
  const side = size + quiet * 2;
  return (
    <svg data-testid="qr-code" role="img" aria-label={`QR code for ${text}`} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" className="mx-auto h-56 w-56 bg-white">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Marks the page so the print stylesheet (styles/app.css) prints this card alone, until the print dialog closes. */
function printCard() {
  const root = document.documentElement;
  root.classList.add('printing-card');
  window.addEventListener('afterprint', () => root.classList.remove('printing-card'), { once: true });
  window.print();
}

/**
 * A staffer's printable card: the business, the code in large type and a QR code of the HuntStaff link, which sends a
 * shopper's phone to the store with the code applied or to a page showing it (decision record 040). Loaded on demand:
 * qrcode stays out of the dashboard's first bundle.
 */
export default function QrCard({ card }: { card: CodeCard }) {
  return (
    <div className="flex flex-col items-center gap-4">
      <div data-print-card data-testid="qr-card" className="w-full max-w-xs rounded-xl border-2 border-bark-300 bg-white p-5 text-center">
        <p className="text-sm font-semibold text-bark-700">{card.businessName}</p>
        <p className="mt-2 break-all font-mono text-4xl font-bold tracking-wider" data-testid="qr-card-code">{card.code}</p>
        <p className="mt-1 text-sm text-bark-700">{describeDiscount(card)}</p>
        <div className="mt-3"><QrSymbol text={card.link} /></div>
        <p className="mt-2 break-all text-xs text-bark-700" data-testid="qr-card-link">{card.link}</p>
        <p className="mt-1 text-xs text-bark-700">{card.target === 'store_applies' ? 'Scan to shop with the code applied' : 'Scan to see the code, then enter it at checkout'}</p>
      </div>
      <Button size="sm" onClick={printCard}>Print card</Button>
    </div>
  );
}
