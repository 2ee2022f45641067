import type { ThemeId } from '../contract/themes';
import { DEFAULT_CARD, DEFAULT_SPACE_UNIT_REM, DEFAULT_TYPE_SCALE, SMALL_TYPE_RATIO, SPACE_STEPS, TYPE_STEPS } from './defaults';

/** The design tokens a brand theme sets; components read them only as CSS custom properties. */
export interface ThemeTokens {
  /** Name shown in the logo wordmark. */
  logoText: string;
  /** Shape drawn before the wordmark. */
  logoMark: 'circle' | 'square' | 'diamond' | 'bar' | 'ring' | 'wave';
  colors: {
    primary: string;
    onPrimary: string;
    accent: string;
    background: string;
    surface: string;
    text: string;
    muted: string;
    border: string;
  };
  fonts: { heading: string; body: string };
  radius: { small: string; large: string };
  /** Type scale: body size in rem and the ratio between one step and the next. */
  type: { baseRem: number; ratio: number };
  /** Spacing scale: every gap and padding is a multiple of this unit (rem). */
  spaceUnitRem: number;
  /** Cards (results, hotels, rooms, brands): border width, resting and hovered shadow; their radius is `radius.large`. */
  card: { borderWidth: string; shadow: string; shadowHover: string };
}

/** The system's defaults, which a theme overrides where its brand differs. */
const SYSTEM = { type: DEFAULT_TYPE_SCALE, spaceUnitRem: DEFAULT_SPACE_UNIT_REM, card: DEFAULT_CARD } as const;
const FLAT_CARD = { borderWidth: '1px', shadow: 'none', shadowHover: '0 0 0 1px var(--color-primary)' } as const;
const SOFT_CARD = {
  borderWidth: '0px',
  shadow: '0 1px 2px rgb(0 0 0 / 8%), 0 6px 20px rgb(0 0 0 / 8%)',
  shadowHover: '0 2px 4px rgb(0 0 0 / 10%), 0 12px 32px rgb(0 0 0 / 14%)',
} as const;

const SERIF = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Noto Naskh Arabic', serif";
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif";
const ROUNDED = "ui-rounded, 'SF Pro Rounded', system-ui, 'Segoe UI', 'Noto Sans Arabic', sans-serif";

const neutral = { background: '#ffffff', surface: '#f5f4f1', text: '#1c1c1e', muted: '#595959', border: '#d9d6cf' };

export const THEMES: Record<ThemeId, ThemeTokens> = {
  steigenberger: {
    logoText: 'Steigenberger',
    logoMark: 'diamond',
    colors: { ...neutral, primary: '#0b2341', onPrimary: '#ffffff', accent: '#8a6a3b', surface: '#f6f3ee' },
    fonts: { heading: SERIF, body: SANS },
    radius: { small: '2px', large: '4px' },
    type: { baseRem: 1, ratio: 1.25 }, spaceUnitRem: 0.25, card: FLAT_CARD,
  },
  intercity: {
    logoText: 'IntercityHotel',
    logoMark: 'bar',
    colors: { ...neutral, primary: '#b0101f', onPrimary: '#ffffff', accent: '#1d1d1b', surface: '#f4f4f4' },
    fonts: { heading: SANS, body: SANS },
    radius: { small: '4px', large: '8px' },
    ...SYSTEM,
  },
  maxx: {
    logoText: 'MAXX',
    logoMark: 'square',
    colors: { ...neutral, primary: '#00665f', onPrimary: '#ffffff', accent: '#9a5b00', surface: '#eef6f5' },
    fonts: { heading: SANS, body: SANS },
    radius: { small: '6px', large: '12px' },
    ...SYSTEM,
  },
  jaz: {
    logoText: 'Jaz in the City',
    logoMark: 'wave',
    colors: { ...neutral, primary: '#8c1450', onPrimary: '#ffffff', accent: '#5c3d99', surface: '#fbf1f6' },
    fonts: { heading: ROUNDED, body: SANS },
    radius: { small: '10px', large: '20px' },
    ...SYSTEM, type: { baseRem: 1, ratio: 1.25 }, card: SOFT_CARD,
  },
  zleep: {
    logoText: 'Zleep',
    logoMark: 'circle',
    colors: { ...neutral, primary: '#0d3b2e', onPrimary: '#ffffff', accent: '#a4432b', surface: '#f1f5f2' },
    fonts: { heading: ROUNDED, body: SANS },
    radius: { small: '8px', large: '16px' },
    ...SYSTEM,
  },
  'zleep-new': {
    logoText: 'Zleep',
    logoMark: 'ring',
    colors: { ...neutral, primary: '#1f2a44', onPrimary: '#ffffff', accent: '#8a5a00', surface: '#f3f4f8' },
    fonts: { heading: ROUNDED, body: SANS },
    radius: { small: '12px', large: '24px' },
    ...SYSTEM, card: SOFT_CARD,
  },
  icons: {
    logoText: 'Icons',
    logoMark: 'diamond',
    colors: { ...neutral, primary: '#111111', onPrimary: '#ffffff', accent: '#7a5c2e', surface: '#f7f5f0' },
    fonts: { heading: SERIF, body: SERIF },
    radius: { small: '0px', large: '2px' },
    type: { baseRem: 1.0625, ratio: 1.25 }, spaceUnitRem: 0.25, card: FLAT_CARD,
  },
  hworld: {
    logoText: 'H World',
    logoMark: 'ring',
    colors: { ...neutral, primary: '#4b2e83', onPrimary: '#ffffff', accent: '#8f4b00', surface: '#f5f2fa' },
    fonts: { heading: SANS, body: SANS },
    radius: { small: '6px', large: '14px' },
    ...SYSTEM,
  },
  product: {
    logoText: 'H Rewards',
    logoMark: 'circle',
    colors: { ...neutral, primary: '#23344d', onPrimary: '#ffffff', accent: '#2a6e60', surface: '#f2f5f7' },
    fonts: { heading: SANS, body: SANS },
    radius: { small: '6px', large: '12px' },
    ...SYSTEM,
  },
  porsche: {
    logoText: 'Porsche Design',
    logoMark: 'bar',
    colors: { ...neutral, primary: '#000000', onPrimary: '#ffffff', accent: '#b0001a', surface: '#f2f2f2' },
    fonts: { heading: SANS, body: SANS },
    radius: { small: '0px', large: '0px' },
    ...SYSTEM, card: FLAT_CARD,
  },
  houseofbeat: {
    logoText: 'House of Beat',
    logoMark: 'wave',
    colors: { ...neutral, primary: '#1a1a1a', onPrimary: '#ffffff', accent: '#c2185b', surface: '#fff0f4' },
    fonts: { heading: ROUNDED, body: SANS },
    radius: { small: '14px', large: '28px' },
    ...SYSTEM, type: { baseRem: 1, ratio: 1.3 }, card: SOFT_CARD,
  },
  partners: {
    logoText: 'Partner Hotels',
    logoMark: 'square',
    colors: { ...neutral, primary: '#24507a', onPrimary: '#ffffff', accent: '#3d6b2a', surface: '#f0f5f9' },
    fonts: { heading: SANS, body: SANS },
    radius: { small: '4px', large: '10px' },
    ...SYSTEM,
  },
};

/** The theme's tokens as CSS custom properties, for a `style` attribute. */
export function themeCssVariables(tokens: ThemeTokens): Record<string, string> {
  const { colors, fonts, radius, type, spaceUnitRem, card } = tokens;
  const rem = (value: number) => `${Math.round(value * 1000) / 1000}rem`;
  const typeScale = Object.fromEntries(
    Object.entries(TYPE_STEPS).map(([name, step]) => [`--text-${name}`, rem(type.baseRem * (step < 0 ? SMALL_TYPE_RATIO : type.ratio) ** step)]),
  );
  const spaceScale = Object.fromEntries(SPACE_STEPS.map((units, index) => [`--space-${index + 1}`, rem(units * spaceUnitRem)]));
  return {
    '--color-primary': colors.primary,
    '--color-on-primary': colors.onPrimary,
    '--color-accent': colors.accent,
    '--color-background': colors.background,
    '--color-surface': colors.surface,
    '--color-text': colors.text,
    '--color-muted': colors.muted,
    '--color-border': colors.border,
    '--font-heading': fonts.heading,
    '--font-body': fonts.body,
    '--radius-small': radius.small,
    '--radius-large': radius.large,
    ...typeScale,
    ...spaceScale,
    '--card-radius': radius.large,
    '--card-border-width': card.borderWidth,
    '--card-shadow': card.shadow,
    '--card-shadow-hover': card.shadowHover,
    '--focus-ring-color': colors.primary,
  };
}
