// The small public pages behind a QR card's link (decision record 040): server-rendered, no script, so the link works
// on any phone at a counter and costs no client bundle. Every text is escaped: codes and names come from businesses.

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f7f5f0;color:#2b2620}
main{max-width:32rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;text-align:center}
h1{font-size:1.25rem;margin:0 0 1rem}.code{font:700 2.5rem/1.2 ui-monospace,monospace;letter-spacing:.08em;word-break:break-all;margin:1rem 0}
a{color:#2f5d3a}p{line-height:1.5}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The code large, to type at checkout or show at the counter, with the store's address when the business saved one. */
export function showCodePage(landing: { code: string; businessName: string; storeUrl: string | null }): string {
  const store = landing.storeUrl
    ? `<p>Enter it at checkout on <a href="${escapeHtml(landing.storeUrl)}" rel="noopener">${escapeHtml(landing.storeUrl.replace(/^https?:\/\//, ''))}</a>, or show this page at the counter.</p>`
    : '<p>Show this page at the counter, or enter the code at checkout.</p>';
  return page(`${landing.code} at ${landing.businessName}`, `<h1>Your code at ${escapeHtml(landing.businessName)}</h1><div class="code" data-testid="code">${escapeHtml(landing.code)}</div>${store}`);
}

export function codeNotFoundPage(): string {
  return page('Code not found', '<h1>This code is not available</h1><p>The link may be mistyped, or the code has ended. Ask the person who shared it for a current one.</p><p><a href="/">HuntStaff</a></p>');
}
