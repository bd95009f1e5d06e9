export type FaqItem = { question: string; answer: string };

export function Faq({ items, title = 'Frequently Asked Questions' }: { items: FaqItem[]; title?: string }) {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h2 id="faq-heading" className="text-2xl font-bold">{title}</h2>
      <div className="mt-6 divide-y divide-bark-200 rounded-xl border border-bark-200 bg-white">
        {items.map((item) => (
          <details key={item.question} className="group p-5">
            <summary className="cursor-pointer list-none font-medium marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {item.question}
                <span aria-hidden="true" className="text-bark-500 transition-transform group-open:rotate-45">+</span>
              </span>
            </summary>
            <p className="mt-3 text-sm text-bark-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
