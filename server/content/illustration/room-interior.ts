import { createRandom, hashString, type Random } from '../../lib/random';
import { BLACK, circle, hex, mix, parseHex, path, rect, type Rgb, svgDocument, WHITE } from './svg';

/**
 * Draws a room type as seen from its door: the furniture follows the type code (one single bed, a double,
 * a king with a sofa, a bunk bed for families, a living room for suites), the colours the brand, and the
 * wall, window side, rug and picture the hotel and type together. So the room types of one hotel differ
 * at a glance, and the same type looks like its own house in every hotel.
 */

export interface RoomInteriorInput {
  hotelCode: string;
  typeCode: string;
  primaryColour: string;
  accentColour: string;
  /** Rendered as the SVG's <title>. */
  title: string;
}

type Layout = 'single' | 'double' | 'superior' | 'deluxe' | 'family' | 'junior-suite' | 'suite';

/** The furniture of each room type code of the catalogue; an unknown code is furnished as a double room. */
export const ROOM_LAYOUTS: Readonly<Record<string, Layout>> = {
  SGL: 'single',
  STD: 'double',
  SUP: 'superior',
  DLX: 'deluxe',
  FAM: 'family',
  JS: 'junior-suite',
  STE: 'suite',
};

const WIDTH = 1200;
const HEIGHT = 800;
const FLOOR = 540;

const WALLS: readonly Rgb[] = [
  [244, 239, 230],
  [226, 234, 226],
  [225, 232, 240],
  [240, 228, 214],
  [242, 228, 230],
];
const FLOORS: readonly Rgb[] = [
  [176, 134, 96],
  [150, 112, 84],
  [196, 170, 140],
  [120, 118, 124],
];

interface Palette {
  wall: Rgb;
  floor: Rgb;
  primary: Rgb;
  accent: Rgb;
  linen: string;
  wood: string;
}

export function renderRoomInteriorSvg(input: RoomInteriorInput): string {
  const layout = ROOM_LAYOUTS[input.typeCode] ?? 'double';
  const random = createRandom(hashString(`${input.hotelCode}:${input.typeCode}`));
  const primary = parseHex(input.primaryColour);
  const accent = parseHex(input.accentColour);
  const palette: Palette = {
    wall: mix(random.pick(WALLS), primary, 0.06),
    floor: random.pick(FLOORS),
    primary,
    accent,
    linen: '#fbfaf7',
    wood: hex(mix([120, 84, 56], accent, 0.15)),
  };
  const id = `r${hashString(`${input.hotelCode}:${input.typeCode}`).toString(36)}`;
  const windowLeft = random.chance(0.5);

  const body: string[] = [
    rect(0, 0, WIDTH, FLOOR, hex(palette.wall)),
    featureWall(layout, palette, windowLeft),
    rect(0, FLOOR - 14, WIDTH, 14, hex(mix(palette.wall, BLACK, 0.12))),
    rect(0, FLOOR, WIDTH, HEIGHT - FLOOR, hex(palette.floor)),
    floorLines(palette.floor),
    roomWindow(random, windowLeft ? 70 : WIDTH - 70 - 300, palette, id),
  ];
  body.push(...furniture(layout, random, palette, windowLeft));

  return svgDocument({
    id,
    width: WIDTH,
    height: HEIGHT,
    title: input.title,
    defs: [
      `<linearGradient id="${id}-view" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(mix([120, 176, 226], primary, 0.15))}"/><stop offset="1" stop-color="#eef5fb"/></linearGradient>`,
    ],
    body,
  });
}

const LAYOUT_ORDER: readonly Layout[] = ['single', 'double', 'superior', 'deluxe', 'family', 'junior-suite', 'suite'];

/** The wall behind the furniture, painted in a tint of its own for each room type of the house. */
function featureWall(layout: Layout, palette: Palette, windowLeft: boolean): string {
  const index = LAYOUT_ORDER.indexOf(layout);
  const base = index % 2 === 0 ? palette.accent : palette.primary;
  const colour = hex(mix(base, WHITE, 0.5 + index * 0.05));
  const x = windowLeft ? 420 : 0;
  return rect(x, 0, WIDTH - 420, FLOOR - 14, colour, 'opacity="0.55"');
}

function floorLines(floor: Rgb): string {
  const line = hex(mix(floor, BLACK, 0.12));
  const parts: string[] = [];
  for (let x = -600; x < WIDTH + 600; x += 120) parts.push(`<path d="M${WIDTH / 2 + (x - WIDTH / 2) * 0.55} ${FLOOR}L${x} ${HEIGHT}" stroke="${line}" stroke-width="2" fill="none"/>`);
  return parts.join('');
}

/** A tall window with a city view and curtains in the accent colour. */
function roomWindow(random: Random, x: number, palette: Palette, id: string): string {
  const top = 90;
  const width = 300;
  const height = 330;
  const frame = hex(mix(palette.wall, WHITE, 0.6));
  const parts = [rect(x - 10, top - 10, width + 20, height + 20, frame), rect(x, top, width, height, `url(#${id}-view)`)];
  const city = hex(mix(palette.primary, WHITE, 0.55));
  for (let bx = x; bx < x + width; bx += random.int(34, 60)) {
    const h = random.int(50, 170);
    parts.push(rect(bx, top + height - h, Math.min(40, x + width - bx), h, city));
  }
  parts.push(rect(x + width / 2 - 3, top, 6, height, frame), rect(x, top + height / 2 - 3, width, 6, frame));
  const curtain = hex(mix(palette.accent, WHITE, 0.35));
  parts.push(rect(x - 40, top - 30, 60, height + 70, curtain, 'rx="8"'), rect(x + width - 20, top - 30, 60, height + 70, curtain, 'rx="8"'));
  parts.push(rect(x - 60, top - 36, width + 120, 10, hex(mix(palette.accent, BLACK, 0.3)), 'rx="5"'));
  return parts.join('');
}

function furniture(layout: Layout, random: Random, palette: Palette, windowLeft: boolean): string[] {
  // Furniture goes on the side away from the window; `side` mirrors x positions for a window on the right.
  const side = (x: number, width: number) => (windowLeft ? x : WIDTH - x - width);
  const parts: string[] = [];
  switch (layout) {
    case 'single':
      parts.push(picture(random, side(560, 160), 150, palette));
      parts.push(bed(side(520, 250), 250, palette, 1));
      parts.push(nightstand(side(800, 80), palette));
      parts.push(desk(side(890, 240), palette));
      break;
    case 'double':
      parts.push(picture(random, side(560, 220), 140, palette));
      parts.push(nightstand(side(420, 80), palette));
      parts.push(bed(side(510, 360), 360, palette, 2));
      parts.push(nightstand(side(880, 80), palette));
      parts.push(desk(side(980, 200), palette));
      break;
    case 'superior':
      parts.push(picture(random, side(520, 260), 140, palette));
      parts.push(nightstand(side(400, 80), palette));
      parts.push(bed(side(490, 400), 400, palette, 2));
      parts.push(nightstand(side(900, 80), palette));
      parts.push(armchair(side(1010, 150), palette));
      parts.push(floorLamp(side(1000, 20), palette));
      break;
    case 'deluxe':
      parts.push(picture(random, side(470, 320), 130, palette));
      parts.push(nightstand(side(380, 80), palette));
      parts.push(bed(side(470, 460), 460, palette, 3));
      parts.push(nightstand(side(940, 80), palette));
      parts.push(sofa(side(1030, 160), 160, palette));
      parts.push(rug(side(420, 560), 560, palette));
      break;
    case 'family':
      parts.push(picture(random, side(430, 200), 150, palette));
      parts.push(bed(side(400, 330), 330, palette, 2));
      parts.push(nightstand(side(740, 70), palette));
      parts.push(bunkBed(side(830, 280), palette));
      parts.push(toy(side(460, 60), palette));
      break;
    case 'junior-suite':
      parts.push(picture(random, side(720, 240), 140, palette));
      parts.push(bed(side(690, 420), 420, palette, 3));
      parts.push(partition(side(640, 24), palette));
      parts.push(sofa(side(390, 240), 240, palette));
      parts.push(coffeeTable(side(440, 140), palette));
      break;
    default:
      // Suite: a living room, its bedroom seen through an open double door.
      parts.push(doorway(side(820, 300), palette));
      parts.push(picture(random, side(470, 260), 160, palette));
      parts.push(sofa(side(420, 360), 360, palette));
      parts.push(armchair(side(300, 130), palette));
      parts.push(coffeeTable(side(500, 200), palette));
      parts.push(diningTable(side(940, 220), palette));
      parts.push(rug(side(330, 520), 520, palette));
      break;
  }
  return parts;
}

/** A framed picture over the furniture: an abstract of shapes in the brand colours. */
function picture(random: Random, x: number, width: number, palette: Palette): string {
  const top = 150;
  const height = 110;
  const parts = [rect(x - 6, top - 6, width + 12, height + 12, palette.wood), rect(x, top, width, height, hex(mix(palette.wall, WHITE, 0.7)))];
  for (let i = 0; i < 3; i += 1) {
    const colour = hex(mix(i === 1 ? palette.accent : palette.primary, WHITE, 0.2 + i * 0.2));
    parts.push(circle(x + random.int(20, width - 20), top + random.int(25, height - 25), random.int(14, 34), colour, 'opacity="0.85"'));
  }
  return parts.join('');
}

/** A bed seen from its foot: headboard on the wall, mattress towards the viewer, `pillows` across. */
function bed(x: number, width: number, palette: Palette, pillows: number): string {
  const headTop = 300;
  const foot = 700;
  const spread = 60;
  const parts = [
    rect(x - 10, headTop, width + 20, FLOOR - headTop + 40, hex(palette.primary), 'rx="10"'),
    path(`M${x} ${FLOOR - 20}L${x + width} ${FLOOR - 20}L${x + width + spread} ${foot}L${x - spread} ${foot}Z`, palette.linen),
    path(`M${x - 12} ${FLOOR + 70}L${x + width + 12} ${FLOOR + 70}L${x + width + spread} ${foot}L${x - spread} ${foot}Z`, hex(mix(palette.accent, WHITE, 0.25))),
    rect(x - spread, foot, width + spread * 2, 24, hex(mix(palette.primary, BLACK, 0.2))),
  ];
  const pillowWidth = (width - 30 - (pillows - 1) * 12) / pillows;
  for (let i = 0; i < pillows; i += 1) parts.push(rect(x + 15 + i * (pillowWidth + 12), FLOOR - 60, pillowWidth, 44, '#ffffff', 'rx="14"'));
  return parts.join('');
}

function bunkBed(x: number, palette: Palette): string {
  const width = 280;
  const frame = palette.wood;
  const parts = [rect(x, 230, 14, 470, frame), rect(x + width - 14, 230, 14, 470, frame)];
  for (const y of [330, 590]) {
    parts.push(rect(x, y, width, 22, frame), rect(x + 14, y - 30, width - 28, 30, palette.linen), rect(x + 24, y - 50, 70, 26, '#ffffff', 'rx="10"'));
    parts.push(rect(x + 110, y - 30, width - 124, 30, hex(mix(palette.accent, WHITE, 0.3))));
  }
  for (let y = 380; y < 690; y += 50) parts.push(rect(x + width - 64, y, 50, 8, frame));
  parts.push(rect(x + width - 70, 330, 8, 370, frame), rect(x + width - 14 - 8, 330, 8, 370, frame));
  return parts.join('');
}

function nightstand(x: number, palette: Palette): string {
  const lamp = hex(mix(palette.accent, WHITE, 0.5));
  return [
    rect(x, FLOOR - 10, 80, 110, palette.wood, 'rx="4"'),
    rect(x + 8, FLOOR + 30, 64, 4, hex(mix(parseHex(palette.wood), BLACK, 0.3))),
    rect(x + 37, FLOOR - 60, 6, 50, '#5b5b5b'),
    path(`M${x + 18} ${FLOOR - 60}L${x + 62} ${FLOOR - 60}L${x + 54} ${FLOOR - 100}L${x + 26} ${FLOOR - 100}Z`, lamp),
  ].join('');
}

/** A desk with a chair and a lamp. */
function desk(x: number, palette: Palette): string {
  const width = 200;
  return [
    rect(x, FLOOR - 20, width, 16, palette.wood),
    rect(x + 10, FLOOR - 4, 10, 120, palette.wood),
    rect(x + width - 20, FLOOR - 4, 10, 120, palette.wood),
    rect(x + 40, FLOOR - 70, 60, 50, hex(mix(palette.primary, BLACK, 0.3)), 'rx="4"'),
    rect(x + 150, FLOOR - 64, 5, 44, '#5b5b5b'),
    circle(x + 152, FLOOR - 70, 14, hex(mix(palette.accent, WHITE, 0.4))),
    rect(x + 60, FLOOR + 30, 90, 70, hex(palette.accent), 'rx="12"'),
    rect(x + 70, FLOOR + 100, 8, 60, '#4a4a4a'),
    rect(x + 132, FLOOR + 100, 8, 60, '#4a4a4a'),
  ].join('');
}

function armchair(x: number, palette: Palette): string {
  const colour = hex(palette.accent);
  const dark = hex(mix(palette.accent, BLACK, 0.25));
  return [
    rect(x, FLOOR - 20, 150, 140, dark, 'rx="26"'),
    rect(x + 20, FLOOR + 40, 110, 60, colour, 'rx="14"'),
    rect(x + 16, FLOOR + 120, 10, 40, '#4a4a4a'),
    rect(x + 124, FLOOR + 120, 10, 40, '#4a4a4a'),
  ].join('');
}

function sofa(x: number, width: number, palette: Palette): string {
  const colour = hex(mix(palette.primary, WHITE, 0.3));
  const dark = hex(mix(palette.primary, BLACK, 0.1));
  return [
    rect(x, FLOOR - 40, width, 120, dark, 'rx="24"'),
    rect(x - 10, FLOOR + 10, 40, 120, dark, 'rx="16"'),
    rect(x + width - 30, FLOOR + 10, 40, 120, dark, 'rx="16"'),
    rect(x + 26, FLOOR + 50, width - 52, 60, colour, 'rx="12"'),
    rect(x + 40, FLOOR - 10, 60, 50, hex(mix(palette.accent, WHITE, 0.3)), 'rx="12"'),
    rect(x, FLOOR + 128, 12, 30, '#4a4a4a'),
    rect(x + width - 12, FLOOR + 128, 12, 30, '#4a4a4a'),
  ].join('');
}

function coffeeTable(x: number, palette: Palette): string {
  return [
    rect(x, 660, 140, 16, palette.wood, 'rx="8"'),
    rect(x + 14, 676, 10, 50, palette.wood),
    rect(x + 116, 676, 10, 50, palette.wood),
    circle(x + 40, 650, 12, hex(mix(palette.accent, WHITE, 0.2))),
  ].join('');
}

function diningTable(x: number, palette: Palette): string {
  const chair = hex(mix(palette.accent, BLACK, 0.15));
  return [
    rect(x - 10, FLOOR + 10, 50, 110, chair, 'rx="8"'),
    rect(x + 180, FLOOR + 10, 50, 110, chair, 'rx="8"'),
    rect(x, FLOOR + 50, 220, 16, palette.wood),
    rect(x + 20, FLOOR + 66, 12, 110, palette.wood),
    rect(x + 188, FLOOR + 66, 12, 110, palette.wood),
    circle(x + 110, FLOOR + 34, 16, hex(mix([70, 130, 80], palette.accent, 0.1))),
  ].join('');
}

function floorLamp(x: number, palette: Palette): string {
  return [rect(x + 8, 340, 5, 360, '#4a4a4a'), path(`M${x - 20} 340L${x + 40} 340L${x + 28} 290L${x - 8} 290Z`, hex(mix(palette.accent, WHITE, 0.5)))].join('');
}

function rug(x: number, width: number, palette: Palette): string {
  return path(
    `M${x + 60} ${FLOOR + 150}L${x + width - 60} ${FLOOR + 150}L${x + width} ${HEIGHT - 20}L${x} ${HEIGHT - 20}Z`,
    hex(mix(palette.primary, WHITE, 0.55)),
    'opacity="0.7"',
  );
}

/** A low wall between sleeping and sitting. */
function partition(x: number, palette: Palette): string {
  return rect(x, 260, 24, HEIGHT - 260, hex(mix(palette.wall, BLACK, 0.1)));
}

/** The suite's open double door with the bed of the next room behind. */
function doorway(x: number, palette: Palette): string {
  const width = 300;
  const inside = mix(palette.wall, BLACK, 0.12);
  return [
    rect(x - 14, 150, width + 28, FLOOR - 150 + 14, hex(mix(palette.wall, WHITE, 0.6))),
    rect(x, 164, width, FLOOR - 164, hex(inside)),
    rect(x + 40, 360, width - 80, 60, hex(palette.primary), 'rx="6"'),
    rect(x + 50, 410, width - 100, FLOOR - 410, palette.linen),
    rect(x + 50, 470, width - 100, FLOOR - 470, hex(mix(palette.accent, WHITE, 0.25))),
    rect(x + 70, 392, 70, 26, '#ffffff', 'rx="10"'),
    rect(x + width - 140, 392, 70, 26, '#ffffff', 'rx="10"'),
  ].join('');
}

function toy(x: number, palette: Palette): string {
  return [circle(x + 30, HEIGHT - 50, 26, hex(palette.accent)), rect(x + 70, HEIGHT - 70, 44, 44, hex(mix(palette.primary, WHITE, 0.3)), 'rx="6"')].join('');
}
