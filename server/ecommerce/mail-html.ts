import { type Locale, textDirection } from '../../src/contract/locales';

/**
 * HTML for mails: a tagged template that escapes every interpolated value, so a hotel name, an add-on
 * name or a guest's input can never become markup. Only fragments made by the same tag (an `Html`) go in
 * as they are.
 */

export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

type Interpolated = Html | string | number | null | undefined | false | readonly Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map((entry: Interpolated) => render(entry)).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolated[]): Html {
  return new Html(strings.reduce((out, part, index) => out + part + (index < values.length ? render(values[index]) : ''), ''));
}

/**
 * A whole mail document: language and direction of the locale (Arabic right to left), styles inline
 * in the head (mail programs drop external style sheets), a width that suits phones and desktops.
 */
export function mailDocument(locale: Locale, title: string, body: Html): string {
  return `<!doctype html>${html`<html lang="${locale}" dir="${textDirection(locale)}">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title}</title>
      <style>
        body {
          margin: 0;
          padding: 16px;
          background: #f4f4f2;
          color: #1d1d1b;
          font:
            16px/1.5 system-ui,
            -apple-system,
            'Segoe UI',
            Arial,
            sans-serif;
        }
        main {
          max-width: 600px;
          margin: 0 auto;
          background: #fff;
          padding: 24px;
          border-radius: 8px;
        }
        h1 {
          font-size: 22px;
          margin: 0 0 12px;
        }
        h2 {
          font-size: 18px;
          margin: 24px 0 8px;
        }
        h3 {
          font-size: 16px;
          margin: 16px 0 4px;
        }
        dl {
          margin: 0;
          display: grid;
          grid-template-columns: max-content 1fr;
          gap: 4px 16px;
        }
        dt {
          font-weight: 600;
        }
        dd {
          margin: 0;
        }
        .cancelled {
          color: #9b1c1c;
          font-weight: 600;
        }
        .button {
          display: inline-block;
          margin-top: 24px;
          padding: 12px 20px;
          background: #1d4ed8;
          color: #fff;
          text-decoration: none;
          border-radius: 6px;
        }
      </style>
    </head>
    <body>
      <main>${body}</main>
    </body>
  </html>`}`;
}
