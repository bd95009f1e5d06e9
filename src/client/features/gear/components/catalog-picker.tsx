import { useId, useMemo, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { MAX_REQUEST_LINES, type Allotment, type CatalogProduct } from '@shared/contracts/gear';
import { formatMoney } from '@shared/currency';
import { Button } from '@client/components/ui/button';
import { Input, Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { addLine, checkCart, clampQuantity, MAX_QUANTITY, type CartLine } from '../cart';
import { formatTotals } from '../format';
import { ListState } from './gear-bits';

const SHOWN_PRODUCTS = 20;

function ProductRow({ product, onAdd, full }: { product: CatalogProduct; onAdd(line: CartLine): void; full: boolean }) {
  const id = useId();
  const firstInStock = product.variants.find((v) => v.inStock) ?? null;
  const [variantId, setVariantId] = useState<number | null>(firstInStock?.id ?? null);
  const [quantity, setQuantity] = useState(1);
  const variant = product.variants.find((v) => v.id === variantId) ?? null;
  const single = product.variants.length === 1;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="catalog-product">
      <div className="flex items-start gap-3">
        {product.imageUrl && <img src={product.imageUrl} alt="" className="h-12 w-12 shrink-0 rounded-md object-cover" loading="lazy" />}
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">{product.title}</p>
          {single && <p className="text-sm text-bark-700">{formatMoney(product.variants[0]!.priceMinor, product.currency)}{!product.variants[0]!.inStock && ' · out of stock'}</p>}
        </div>
      </div>
      {firstInStock === null ? (
        <p className="text-sm text-bark-700">Out of stock</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {!single && (
            // A whole line on a phone, so the size, price and stock are readable; beside the quantity from sm up.
            <div className="flex min-w-0 flex-1 basis-full flex-col gap-1 sm:basis-40">
              <Label htmlFor={`${id}-variant`} className="text-xs">Size or variant<span className="sr-only"> of {product.title}</span></Label>
              <Select id={`${id}-variant`} value={variantId ?? ''} onChange={(e) => setVariantId(Number(e.target.value))}>
                {product.variants.map((v) => (
                  <option key={v.id} value={v.id} disabled={!v.inStock}>
                    {v.title} · {formatMoney(v.priceMinor, product.currency)}{v.inStock ? (v.inventory !== null ? ` · ${v.inventory} left` : '') : ' · out of stock'}
                  </option>
                ))}
              </Select>
            </div>
          )}
          <div className="flex w-20 flex-col gap-1">
            <Label htmlFor={`${id}-quantity`} className="text-xs">Quantity<span className="sr-only"> of {product.title}</span></Label>
            <Input id={`${id}-quantity`} type="number" inputMode="numeric" min={1} max={MAX_QUANTITY} value={quantity} onChange={(e) => setQuantity(clampQuantity(Number(e.target.value)))} />
          </div>
          <Button
            variant="outline"
            disabled={!variant?.inStock || full}
            aria-label={`Add ${product.title}${single ? '' : ` (${variant?.title ?? ''})`}`}
            onClick={() => variant && onAdd({ variantId: variant.id, quantity, productTitle: product.title, variantTitle: variant.title, unitPriceMinor: variant.priceMinor, currency: product.currency })}
          >
            Add
          </Button>
        </div>
      )}
    </li>
  );
}

/** The request being put together: each line's quantity can change or the line go; the total beside what is left. */
function Cart({ cart, onChange, allotment, title }: { cart: CartLine[]; onChange(cart: CartLine[]): void; allotment: Allotment | null; title: string }) {
  const id = useId();
  const total = formatTotals(cart.map((l) => ({ amountMinor: l.unitPriceMinor * l.quantity, currency: l.currency })));
  const { items, itemsLeft, overValue, overItems } = checkCart(cart, allotment);
  const setQuantity = (variantId: number, quantity: number) => onChange(cart.map((l) => (l.variantId === variantId ? { ...l, quantity: clampQuantity(quantity) } : l)));

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-bark-200 p-3" data-testid="gear-cart">
      <h3 id={`${id}-title`} className="text-sm font-semibold">{title}</h3>
      {cart.length === 0 ? (
        <p className="mt-1 text-sm text-bark-700">Nothing picked yet. Add items from the catalog.</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-bark-100">
          {cart.map((line) => {
            const name = `${line.productTitle}${line.variantTitle && line.variantTitle !== line.productTitle ? `, ${line.variantTitle}` : ''}`;
            return (
              <li key={line.variantId} className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid="cart-line">
                <span className="min-w-0 flex-1 basis-40 break-words">{name}</span>
                <Label htmlFor={`${id}-${line.variantId}`} className="sr-only">Quantity of {name}</Label>
                <Input id={`${id}-${line.variantId}`} type="number" inputMode="numeric" min={1} max={MAX_QUANTITY} className="w-16" value={line.quantity} onChange={(e) => setQuantity(line.variantId, Number(e.target.value))} />
                <span className="w-24 text-right text-bark-700">{formatMoney(line.unitPriceMinor * line.quantity, line.currency)}</span>
                <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={() => onChange(cart.filter((l) => l.variantId !== line.variantId))}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-2 flex flex-col gap-1 text-sm" data-testid="cart-total">
        <p>
          <span className="font-medium">Total:</span> {total || '—'} · {items} {items === 1 ? 'item' : 'items'}
        </p>
        {allotment && (
          <p className={overValue || overItems ? 'text-red-800' : 'text-bark-700'} role={overValue || overItems ? 'alert' : undefined}>
            {allotment.limitMinor > 0 && <>Allotment left: {formatMoney(allotment.remainingMinor, allotment.currency)}</>}
            {allotment.limitMinor > 0 && itemsLeft !== null && ' · '}
            {itemsLeft !== null && <>{itemsLeft} {itemsLeft === 1 ? 'item' : 'items'} left</>}
            {overValue && ' — this request is over what is left.'}
            {!overValue && overItems && ' — this request has more items than are left.'}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * Picks gear from a catalog: a search over the titles and tags, a variant or size per product (out-of-stock ones
 * disabled), a quantity, and the request so far with its running total against the allotment left. Used by the staffer
 * requesting gear and by the business editing a request before approving it (`cartTitle`: whose request it is).
 */
export function CatalogPicker({ products, query, cart, onCartChange, allotment, cartTitle = 'Your request' }: {
  products: CatalogProduct[] | undefined;
  query: { isLoading: boolean; isError: boolean; error: unknown };
  cart: CartLine[];
  onCartChange(cart: CartLine[]): void;
  allotment: Allotment | null;
  cartTitle?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const matches = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (products ?? []).filter((p) => {
      const text = `${p.title} ${p.tags.join(' ')} ${p.collections.join(' ')} ${p.variants.map((v) => `${v.title} ${v.sku ?? ''}`).join(' ')}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [products, search]);
  const full = cart.length >= MAX_REQUEST_LINES;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-search`}>Search the catalog</Label>
        <Input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Waders, decoys, size L…" />
      </div>
      <ListState query={query} empty={products && products.length === 0 ? 'No gear to request yet: the brand has not marked any products for seeding.' : null}>
        {matches.length === 0 ? (
          <p className="text-sm text-bark-700">No products match “{search}”.</p>
        ) : (
          // Its own scroll from sm up; on a phone the dialog's one scroll (a scroll inside a scroll is hard to thumb).
          <ul className="flex flex-col divide-y divide-bark-100 rounded-lg border border-bark-200 px-3 sm:max-h-80 sm:overflow-y-auto" aria-label="Catalog" tabIndex={0}>
            {matches.slice(0, SHOWN_PRODUCTS).map((p) => <ProductRow key={p.id} product={p} full={full} onAdd={(line) => onCartChange(addLine(cart, line))} />)}
          </ul>
        )}
        {matches.length > SHOWN_PRODUCTS && <p className="text-xs text-bark-700">Showing {SHOWN_PRODUCTS} of {matches.length}: search to narrow the list.</p>}
      </ListState>
      {full && <p role="status" className="text-sm text-bark-700">A request holds at most {MAX_REQUEST_LINES} lines.</p>}
      <Cart cart={cart} onChange={onCartChange} allotment={allotment} title={cartTitle} />
    </div>
  );
}
