import { Html } from '../ecommerce/mail-html';

/**
 * The look the demo's own pages share (the demo mailbox and the demo hotel desk): plain, readable on a phone,
 * with visible keyboard focus. Each page adds its own rules after these. Inline, since the pages' policy
 * allows inline styles only.
 */
export function devPageStyle(maxWidthPx: number, pageRules: string): Html {
  return new Html(`
        body {
          margin: 0;
          padding: 16px;
          font:
            16px/1.5 system-ui,
            -apple-system,
            'Segoe UI',
            Arial,
            sans-serif;
          color: #1d1d1b;
          background: #f4f4f2;
        }
        main {
          max-width: ${maxWidthPx}px;
          margin: 0 auto;
        }
        ol {
          list-style: none;
          padding: 0;
          margin: 0;
          display: grid;
          gap: 16px;
        }
        article {
          background: #fff;
          border-radius: 8px;
          padding: 16px;
          overflow-wrap: anywhere;
        }
        .meta {
          margin: 0 0 8px;
          color: #4b4b48;
        }
        input,
        select,
        button {
          font: inherit;
          padding: 8px;
          min-height: 44px;
          box-sizing: border-box;
        }
        a {
          color: #1d4ed8;
        }
        a:focus-visible,
        input:focus-visible,
        select:focus-visible,
        button:focus-visible {
          outline: 3px solid #1d4ed8;
          outline-offset: 2px;
        }
        .visually-hidden {
          position: absolute;
          width: 1px;
          height: 1px;
          overflow: hidden;
          clip-path: inset(50%);
          white-space: nowrap;
        }
${pageRules}`);
}
