import DOMPurify from 'dompurify';

/**
 * Editor HTML (service banners, targeted messages) without scripts, event handlers, styles or forms:
 * plain formatting and links only (architecture, security checklist). DOMPurify needs a DOM; content
 * messages render only in the browser, where there is one, and nothing is rendered without it.
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'], FORBID_ATTR: ['style'] });
}
