import type { ThemeTokens } from '../../themes/tokens';

const MARKS: Record<ThemeTokens['logoMark'], string> = {
  circle: 'M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20z',
  square: 'M3 3h18v18H3z',
  diamond: 'M12 1l11 11l-11 11L1 12z',
  bar: 'M2 9h20v6H2z',
  ring: 'M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20zm0 5a5 5 0 1 0 0 10a5 5 0 1 0 0-10z',
  wave: 'M1 14c4-6 7-6 11 0s7 6 11 0v6H1z',
};

/** The brand's wordmark: a mark in the accent colour and the name in the heading font. */
export function ThemeLogo({ tokens }: { tokens: ThemeTokens }) {
  return (
    <span className="logo" data-logo-mark={tokens.logoMark}>
      <svg className="logo__mark" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <path d={MARKS[tokens.logoMark]} fill="currentColor" fillRule="evenodd" />
      </svg>
      <span className="logo__text" lang="en" translate="no">
        {tokens.logoText}
      </span>
    </span>
  );
}
